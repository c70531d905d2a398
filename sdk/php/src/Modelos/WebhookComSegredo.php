<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (WebhookWithSecret).
 *
 * Generated from #/components/schemas/WebhookWithSecret. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class WebhookComSegredo extends Modelo
{
    /**
     * The record id (the path segment of its routes).
     *
     * @var string
     */
    public readonly string $id;

    /**
     * The address deliveries are POSTed to.
     *
     * @var string
     */
    public readonly string $url;

    /**
     * The event types delivered to this webhook (NFSE_AUTORIZADA, …).
     *
     * @var list<string>
     */
    public readonly array $eventos;

    /**
     * Names only.
     *
     * @var list<array{nome: string}>
     */
    public readonly array $cabecalhos;

    /**
     * The environment: sandbox for test keys' records, producao for live ones.
     *
     * @var 'sandbox'|'producao'
     */
    public readonly string $ambiente;

    /**
     * false while disabled (PATCH ativo false): nothing is delivered to it.
     *
     * @var bool
     */
    public readonly bool $ativo;

    /**
     * When it was created (ISO 8601).
     *
     * @var string
     */
    public readonly string $criado_em;

    /**
     * When it last changed (ISO 8601).
     *
     * @var string
     */
    public readonly string $atualizado_em;

    /**
     * Shown only at creation and rotation.
     *
     * @var string
     */
    public readonly string $segredo;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->id = self::exigido($dados, 'id');
        $this->url = self::exigido($dados, 'url');
        $this->eventos = self::exigido($dados, 'eventos');
        $this->cabecalhos = self::exigido($dados, 'cabecalhos');
        $this->ambiente = self::exigido($dados, 'ambiente');
        $this->ativo = self::exigido($dados, 'ativo');
        $this->criado_em = self::exigido($dados, 'criado_em');
        $this->atualizado_em = self::exigido($dados, 'atualizado_em');
        $this->segredo = self::exigido($dados, 'segredo');
    }
}
