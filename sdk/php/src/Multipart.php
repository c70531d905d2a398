<?php

declare(strict_types=1);

namespace FiscalApi;

/** A multipart/form-data body built once, so every attempt sends the same bytes. */
final class Multipart
{
    private string $fronteira;
    private string $bytes = '';

    public function __construct()
    {
        $this->fronteira = 'fiscal-api-' . bin2hex(random_bytes(12));
    }

    public function campo(string $nome, string $valor): self
    {
        $this->bytes .= "--{$this->fronteira}\r\nContent-Disposition: form-data; name=\"$nome\"\r\n\r\n$valor\r\n";
        return $this;
    }

    public function arquivo(string $nome, string $nomeArquivo, string $conteudo, string $tipo): self
    {
        $this->bytes .= "--{$this->fronteira}\r\nContent-Disposition: form-data; name=\"$nome\"; filename=\"" . addcslashes($nomeArquivo, "\"\\") . "\"\r\nContent-Type: $tipo\r\n\r\n$conteudo\r\n";
        return $this;
    }

    public function tipo(): string
    {
        return "multipart/form-data; boundary={$this->fronteira}";
    }

    public function bytes(): string
    {
        return $this->bytes . "--{$this->fronteira}--\r\n";
    }
}
