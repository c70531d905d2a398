<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (LoteItem).
 *
 * Generated from #/components/schemas/LoteItem. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class LoteItem extends Modelo
{
    /**
     * 1-based; for a spreadsheet, sheet row minus 1.
     *
     * @var int
     */
    public readonly int $linha;

    /**
     * The caller's own reference, unique per company and environment.
     *
     * @var string|null
     */
    public readonly ?string $referencia;

    /**
     * com_erro_validacao, ja_existente, aguardando_emissao, descartada, or the note's status.
     *
     * @var string
     */
    public readonly string $status;

    /**
     * The note created for this line; null before.
     *
     * @var string|null
     */
    public readonly ?string $nfse_id;

    /**
     * The number the authority gave the document; null until it has one.
     *
     * @var string|null
     */
    public readonly ?string $numero;

    /**
     * The access key, once the authority gave one; null before.
     *
     * @var string|null
     */
    public readonly ?string $chave_acesso;

    /**
     * The validation errors of this line, each with its JSON Pointer.
     *
     * @var list<ErroItem>
     */
    public readonly array $erros;

    /**
     * Why the authority rejected it (official code and message); null when not rejected.
     *
     * @var array{codigo_oficial: string|null, mensagem: string}|null
     */
    public readonly ?array $rejeicao;

    /**
     * A transmission that could not be completed (dps_enviada says whether the DPS may have arrived); null
     * otherwise.
     *
     * @var array{dps_enviada: string, motivo: string}|null
     */
    public readonly ?array $falha;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->linha = self::exigido($dados, 'linha');
        $this->referencia = $dados['referencia'] ?? null;
        $this->status = self::exigido($dados, 'status');
        $this->nfse_id = $dados['nfse_id'] ?? null;
        $this->numero = $dados['numero'] ?? null;
        $this->chave_acesso = $dados['chave_acesso'] ?? null;
        $this->erros = ErroItem::lista(self::exigido($dados, 'erros'));
        $this->rejeicao = $dados['rejeicao'] ?? null;
        $this->falha = $dados['falha'] ?? null;
    }
}
