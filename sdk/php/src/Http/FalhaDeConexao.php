<?php

declare(strict_types=1);

namespace FiscalApi\Http;

/** No response arrived: the connection failed or was dropped, or the attempt's time ran out. */
final class FalhaDeConexao extends \RuntimeException
{
    public function __construct(string $mensagem, public readonly bool $tempoEsgotado = false)
    {
        parent::__construct($mensagem);
    }
}
