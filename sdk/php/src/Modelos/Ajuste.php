<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (Adjustment).
 *
 * Generated from #/components/schemas/Adjustment. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class Ajuste extends Modelo
{
    /**
     * JSON Pointer.
     *
     * @var string
     */
    public readonly string $campo;

    /**
     * What the correction did to the field.
     *
     * @var 'preenchido'|'omitido'|'derivado'|'exigido'
     */
    public readonly string $acao;

    /**
     * Why the correction applies.
     *
     * @var string
     */
    public readonly string $motivo;

    /**
     * Stable rule id, e.g. param.aliquota_iss.
     *
     * @var string
     */
    public readonly string $regra;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->campo = self::exigido($dados, 'campo');
        $this->acao = self::exigido($dados, 'acao');
        $this->motivo = self::exigido($dados, 'motivo');
        $this->regra = self::exigido($dados, 'regra');
    }
}
