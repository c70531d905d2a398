<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * One entry of erros[]: the problem fields of spec 7.1 (codigo_oficial null when no national code applies)
 *
 * Generated from #/components/schemas/ErrorItem. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class ErroItem extends Modelo
{
    /**
     * The stable error code: decide on it.
     *
     * @var string
     */
    public readonly string $codigo;

    /**
     * JSON Pointer into the request body.
     *
     * @var string|null
     */
    public readonly ?string $campo;

    /**
     * Human text in Portuguese (may change; decide on codigo).
     *
     * @var string
     */
    public readonly string $mensagem;

    /**
     * How to correct it; null when there is nothing to suggest.
     *
     * @var string|null
     */
    public readonly ?string $correcao;

    /**
     * The authority's code (a letter plus digits) when the error is one; null otherwise.
     *
     * @var string|null
     */
    public readonly ?string $codigo_oficial;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->codigo = self::exigido($dados, 'codigo');
        $this->campo = $dados['campo'] ?? null;
        $this->mensagem = self::exigido($dados, 'mensagem');
        $this->correcao = $dados['correcao'] ?? null;
        $this->codigo_oficial = $dados['codigo_oficial'] ?? null;
    }
}
