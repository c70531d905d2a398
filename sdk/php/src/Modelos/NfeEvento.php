<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (NfeEvento).
 *
 * Generated from #/components/schemas/NfeEvento. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class NfeEvento extends Modelo
{
    /**
     * evento_id of GET /v1/nfe/{id}/eventos/{evento_id}/xml.
     *
     * @var string
     */
    public readonly string $id;

    /**
     * cancelamento or carta_correcao.
     *
     * @var 'cancelamento'|'carta_correcao'
     */
    public readonly string $tipo;

    /**
     * The official event type code (tpEvento).
     *
     * @var '110111'|'110110'
     */
    public readonly string $tp_evento;

    /**
     * The sequence number of the event for the note (nSeqEvento).
     *
     * @var int
     */
    public readonly int $n_seq_evento;

    /**
     * xJust of a cancellation, xCorrecao of a CC-e.
     *
     * @var string
     */
    public readonly string $texto;

    /**
     * The authority's cStat (135, 136, 155)
     *
     * @var string|null
     */
    public readonly ?string $c_stat;

    /**
     * The authority's protocol number.
     *
     * @var string|null
     */
    public readonly ?string $protocolo;

    /**
     * When the authority registered it (ISO 8601).
     *
     * @var string|null
     */
    public readonly ?string $registrado_em;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->id = self::exigido($dados, 'id');
        $this->tipo = self::exigido($dados, 'tipo');
        $this->tp_evento = self::exigido($dados, 'tp_evento');
        $this->n_seq_evento = self::exigido($dados, 'n_seq_evento');
        $this->texto = self::exigido($dados, 'texto');
        $this->c_stat = $dados['c_stat'] ?? null;
        $this->protocolo = $dados['protocolo'] ?? null;
        $this->registrado_em = $dados['registrado_em'] ?? null;
    }
}
