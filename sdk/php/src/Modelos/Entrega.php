<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (WebhookDelivery).
 *
 * Generated from #/components/schemas/WebhookDelivery. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class Entrega extends Modelo
{
    /**
     * X-Service-Delivery-Id.
     *
     * @var string
     */
    public readonly string $id;

    /**
     * X-Service-Event-Id.
     *
     * @var string
     */
    public readonly string $evento_id;

    /**
     * The event type delivered (NFSE_AUTORIZADA, webhook.teste, …).
     *
     * @var string
     */
    public readonly string $tipo;

    /**
     * Where it came from (see the values).
     *
     * @var 'evento'|'reenvio'|'teste'
     */
    public readonly string $origem;

    /**
     * falhou after 72 hours (14 attempts, spec 6.3)
     *
     * @var 'pendente'|'entregue'|'falhou'
     */
    public readonly string $status;

    /**
     * Each delivery attempt: when, the HTTP status (null without an answer), duration and error.
     *
     * @var list<array{numero: int, em: string, status_http: int|null, duracao_ms: int, erro: string|null}>
     */
    public readonly array $tentativas;

    /**
     * When it was created (ISO 8601).
     *
     * @var string
     */
    public readonly string $criada_em;

    /**
     * When the next attempt is due; null when none is.
     *
     * @var string|null
     */
    public readonly ?string $proxima_tentativa_em;

    /**
     * When a 2xx answered the delivery; null before.
     *
     * @var string|null
     */
    public readonly ?string $entregue_em;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->id = self::exigido($dados, 'id');
        $this->evento_id = self::exigido($dados, 'evento_id');
        $this->tipo = self::exigido($dados, 'tipo');
        $this->origem = self::exigido($dados, 'origem');
        $this->status = self::exigido($dados, 'status');
        $this->tentativas = self::exigido($dados, 'tentativas');
        $this->criada_em = self::exigido($dados, 'criada_em');
        $this->proxima_tentativa_em = $dados['proxima_tentativa_em'] ?? null;
        $this->entregue_em = $dados['entregue_em'] ?? null;
    }
}
