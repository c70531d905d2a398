<?php

declare(strict_types=1);

namespace FiscalApi\Tests;

use FiscalApi\Http\ClienteHttp;
use FiscalApi\Http\FalhaDeConexao;
use FiscalApi\Http\Requisicao;
use FiscalApi\Http\RespostaHttp;

/** A transport that records every request, then answers from a script or passes to a real transport. */
final class RegistroHttp implements ClienteHttp
{
    /** @var list<Requisicao> */
    public array $requisicoes = [];

    /** @param list<RespostaHttp|FalhaDeConexao> $roteiro answers in order; once empty, $real answers */
    public function __construct(private array $roteiro = [], private readonly ?ClienteHttp $real = null)
    {
    }

    public function enviar(Requisicao $requisicao): RespostaHttp
    {
        $this->requisicoes[] = $requisicao;
        $proxima = array_shift($this->roteiro);
        if ($proxima === null) {
            if ($this->real === null) {
                throw new \LogicException('sem mais respostas no roteiro');
            }
            return $this->real->enviar($requisicao);
        }
        if ($proxima instanceof FalhaDeConexao) {
            throw $proxima;
        }
        return $proxima;
    }

    /** @return list<?string> the Idempotency-Key of each request */
    public function chaves(): array
    {
        return array_map(static fn (Requisicao $r) => $r->cabecalhos['idempotency-key'] ?? null, $this->requisicoes);
    }
}
