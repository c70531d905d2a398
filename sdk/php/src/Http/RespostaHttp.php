<?php

declare(strict_types=1);

namespace FiscalApi\Http;

/** One HTTP response (a minimal stand-in for a PSR-7 response). */
final class RespostaHttp
{
    /** @param array<string, string> $cabecalhos lower-case names */
    public function __construct(
        public readonly int $status,
        public readonly array $cabecalhos,
        public readonly string $corpo,
    ) {
    }

    public function cabecalho(string $nome): ?string
    {
        return $this->cabecalhos[strtolower($nome)] ?? null;
    }
}
