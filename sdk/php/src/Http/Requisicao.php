<?php

declare(strict_types=1);

namespace FiscalApi\Http;

/** One HTTP request as the transport sends it (a minimal, dependency-free stand-in for a PSR-7 request). */
final class Requisicao
{
    /** @deprecated use $tempoLimiteMs; removed in the next major version */
    public readonly int $timeoutMs;

    /** @param array<string, string> $cabecalhos lower-case names */
    public function __construct(
        public readonly string $metodo,
        public readonly string $url,
        public readonly array $cabecalhos = [],
        public readonly ?string $corpo = null,
        public readonly int $tempoLimiteMs = 30000,
    ) {
        $this->timeoutMs = $tempoLimiteMs;
    }
}
