<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (Readiness).
 *
 * Generated from #/components/schemas/Readiness. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class Prontidao extends Modelo
{
    /**
     * The company (emitter) the record belongs to.
     *
     * @var string
     */
    public readonly string $empresa_id;

    /**
     * ok, aviso or bloqueio.
     *
     * @var 'ok'|'aviso'|'bloqueio'
     */
    public readonly string $situacao;

    /**
     * Each readiness item with its situacao.
     *
     * @var list<ItemProntidao>
     */
    public readonly array $itens;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->empresa_id = self::exigido($dados, 'empresa_id');
        $this->situacao = self::exigido($dados, 'situacao');
        $this->itens = ItemProntidao::lista(self::exigido($dados, 'itens'));
    }
}
