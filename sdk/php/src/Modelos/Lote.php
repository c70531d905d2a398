<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * A batch (spec 2.7); also the `dados` of LOTE_EMISSAO_CONCLUIDO
 *
 * Generated from #/components/schemas/Lote. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class Lote extends Modelo
{
    /**
     * The record id (the path segment of its routes).
     *
     * @var string
     */
    public readonly string $id;

    /**
     * The company (emitter) the record belongs to.
     *
     * @var string
     */
    public readonly string $empresa_id;

    /**
     * The environment: sandbox for test keys' records, producao for live ones.
     *
     * @var 'sandbox'|'producao'
     */
    public readonly string $ambiente;

    /**
     * The current status (see the values).
     *
     * @var 'validando'|'aguardando_emissao'|'processando'|'concluido'|'erro'
     */
    public readonly string $status;

    /**
     * What happens once lines are validated: emitir_validas issues them, aguardar waits for POST …/emissao.
     *
     * @var 'emitir_validas'|'aguardar'
     */
    public readonly string $ao_validar;

    /**
     * Where it came from (see the values).
     *
     * @var 'json'|'planilha'
     */
    public readonly string $origem;

    /**
     * Lines received.
     *
     * @var int
     */
    public readonly int $total;

    /**
     * Lines per status they show (their own before a note exists, then the note's)
     *
     * @var array<string, int>
     */
    public readonly array $contagens;

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
     * When the batch was concluded; null before.
     *
     * @var string|null
     */
    public readonly ?string $concluido_em;

    /**
     * Set when the batch is `erro` (it cannot proceed by itself, e.g. the company lost its certificate); notes
     * already created go on transmitting.
     *
     * @var array{codigo: string, mensagem: string}|null
     */
    public readonly ?array $erro;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->id = self::exigido($dados, 'id');
        $this->empresa_id = self::exigido($dados, 'empresa_id');
        $this->ambiente = self::exigido($dados, 'ambiente');
        $this->status = self::exigido($dados, 'status');
        $this->ao_validar = self::exigido($dados, 'ao_validar');
        $this->origem = self::exigido($dados, 'origem');
        $this->total = self::exigido($dados, 'total');
        $this->contagens = self::exigido($dados, 'contagens');
        $this->criado_em = self::exigido($dados, 'criado_em');
        $this->atualizado_em = self::exigido($dados, 'atualizado_em');
        $this->concluido_em = $dados['concluido_em'] ?? null;
        $this->erro = $dados['erro'] ?? null;
    }
}
