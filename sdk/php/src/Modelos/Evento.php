<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API
 * (#/paths/~1v1~1eventos/get/responses/200/content/application~1json/schema/properties/eventos/items).
 *
 * Generated from #/paths/~1v1~1eventos/get/responses/200/content/application~1json/schema/properties/eventos/items. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class Evento extends Modelo
{
    /**
     * Equals X-Service-Event-Id of deliveries.
     *
     * @var string
     */
    public readonly string $id;

    /**
     * The event type (NFSE_AUTORIZADA, LOTE_EMISSAO_CONCLUIDO, …).
     *
     * @var string
     */
    public readonly string $tipo;

    /**
     * The environment: sandbox for test keys' records, producao for live ones.
     *
     * @var 'sandbox'|'producao'
     */
    public readonly string $ambiente;

    /**
     * When it was created (ISO 8601).
     *
     * @var string
     */
    public readonly string $criado_em;

    /**
     * The event body: the record it is about, as the matching GET returns it.
     *
     * @var array<string, mixed>
     */
    public readonly array $dados;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->id = self::exigido($dados, 'id');
        $this->tipo = self::exigido($dados, 'tipo');
        $this->ambiente = self::exigido($dados, 'ambiente');
        $this->criado_em = self::exigido($dados, 'criado_em');
        $this->dados = self::exigido($dados, 'dados');
    }
}
