<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

/** Test keys only: the simulator scenario of a call (X-Service-Simular). */
final class Simulacao
{
    /** @return array<string, string> */
    public static function cabecalhos(?string $simular): array
    {
        return $simular === null ? [] : ['x-service-simular' => $simular];
    }
}
