<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (NfeInutilizacao).
 *
 * Generated from #/components/schemas/NfeInutilizacao. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class NfeInutilizacao extends Modelo
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
     * The series of the numbers.
     *
     * @var string
     */
    public readonly string $serie;

    /**
     * The first number of the range.
     *
     * @var string
     */
    public readonly string $numero_inicial;

    /**
     * The last number of the range.
     *
     * @var string
     */
    public readonly string $numero_final;

    /**
     * The reason given to the authority.
     *
     * @var string
     */
    public readonly string $justificativa;

    /**
     * transmitindo = reserved, the authority's answer awaited.
     *
     * @var 'transmitindo'|'homologada'
     */
    public readonly string $status;

    /**
     * nProt of the homologation (cStat 102)
     *
     * @var string|null
     */
    public readonly ?string $protocolo;

    /**
     * The rejected note whose descarte voided this number.
     *
     * @var string|null
     */
    public readonly ?string $nfe_id;

    /**
     * When it was created (ISO 8601).
     *
     * @var string
     */
    public readonly string $criada_em;

    /**
     * When it last changed (ISO 8601).
     *
     * @var string
     */
    public readonly string $atualizada_em;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->id = self::exigido($dados, 'id');
        $this->empresa_id = self::exigido($dados, 'empresa_id');
        $this->ambiente = self::exigido($dados, 'ambiente');
        $this->serie = self::exigido($dados, 'serie');
        $this->numero_inicial = self::exigido($dados, 'numero_inicial');
        $this->numero_final = self::exigido($dados, 'numero_final');
        $this->justificativa = self::exigido($dados, 'justificativa');
        $this->status = self::exigido($dados, 'status');
        $this->protocolo = $dados['protocolo'] ?? null;
        $this->nfe_id = $dados['nfe_id'] ?? null;
        $this->criada_em = self::exigido($dados, 'criada_em');
        $this->atualizada_em = self::exigido($dados, 'atualizada_em');
    }
}
