<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (ReadinessItem).
 *
 * Generated from #/components/schemas/ReadinessItem. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class ItemProntidao extends Modelo
{
    /**
     * The spec's items, plus provedor_municipio: where the company's NFS-e go on its municipality's route (the
     * provider table, an act or the national API, the company's rota_nfse); bloqueio naming the municipality and
     * the reason where no system this service reaches issues there (no provider known, a provider or layout not
     * supported, an own layout); aviso where the company chose rota_nfse against the table; credenciais_provedor:
     * bloqueio where the municipality's provider asks credentials beyond the A1 that the company has not set;
     * email_empresa: bloqueio where the provider's own RPS carries the company's e-mail (EL 1.00) and the company
     * has none.
     *
     * @var string
     */
    public readonly string $item;

    /**
     * ok, aviso or bloqueio.
     *
     * @var 'ok'|'aviso'|'bloqueio'
     */
    public readonly string $situacao;

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
     * Municipal items: where the fact came from (an act, the national API or its cache, the official list, the
     * project's table) Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $fonte;

    /**
     * Municipal items: the version of the data that answered. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $versao;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->item = self::exigido($dados, 'item');
        $this->situacao = self::exigido($dados, 'situacao');
        $this->mensagem = self::exigido($dados, 'mensagem');
        $this->correcao = $dados['correcao'] ?? null;
        $this->fonte = $dados['fonte'] ?? null;
        $this->versao = $dados['versao'] ?? null;
    }
}
