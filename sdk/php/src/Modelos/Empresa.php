<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (Company).
 *
 * Generated from #/components/schemas/Company. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class Empresa extends Modelo
{
    /**
     * The record id (the path segment of its routes).
     *
     * @var string
     */
    public readonly string $id;

    /**
     * The CNPJ (bare; it may be alphanumeric).
     *
     * @var string
     */
    public readonly string $cnpj;

    /**
     * The registered name.
     *
     * @var string
     */
    public readonly string $razao_social;

    /**
     * The IBGE code of the municipality.
     *
     * @var string
     */
    public readonly string $municipio;

    /**
     * The tax regime; null when not set. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $regime_tributario;

    /**
     * The municipal registration; null when not set. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $inscricao_municipal;

    /**
     * How Simples Nacional is assessed; null when not set. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $regime_apuracao_simples;

    /**
     * The DPS series the note was numbered in. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $serie_dps;

    /**
     * NFS-e route the company chose against the provider table; null = the table's. Null when the answer does not
     * carry it.
     *
     * @var 'nacional'|null|null
     */
    public readonly ?string $rota_nfse;

    /**
     * The state registration; null when not set. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $inscricao_estadual;

    /**
     * The NF-e series the company numbers in; null when not set. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $serie_nfe;

    /**
     * The address; null when not set. Null when the answer does not carry it.
     *
     * @var array<string, mixed>|null
     */
    public readonly ?array $endereco;

    /**
     * CPF/CNPJ (bare, upper case; a CNPJ may be alphanumeric) authorised to download the company's NF-e XML; empty
     * = none. Null when the answer does not carry it.
     *
     * @var list<string>|null
     */
    public readonly ?array $autorizados_xml;

    /**
     * The contact e-mail; null when not set. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $email;

    /**
     * The automatic e-mail of each NFS-e (DANFSe and XML) to its taker. Null when the answer does not carry it.
     *
     * @var array{automatico: bool}|null
     */
    public readonly ?array $email_tomador;

    /**
     * Whether a municipal token is stored (the token itself is never returned).
     *
     * @var bool
     */
    public readonly bool $token_municipio_configurado;

    /**
     * The provider credentials set (readiness credenciais_provedor): the login, and whether the password and the
     * token are set. The password and the token are never returned. null when none is set. Null when the answer
     * does not carry it.
     *
     * @var array{usuario: string|null, senha_definida: bool, token_definido: bool}|null
     */
    public readonly ?array $credenciais_provedor;

    /**
     * Default values applied to this company’s requests.
     *
     * @var array<string, mixed>
     */
    public readonly array $padroes;

    /**
     * The current status (see the values).
     *
     * @var 'ativa'|'pausada'
     */
    public readonly string $status;

    /**
     * The A1 certificate on file (holder, serial, validity); null when none.
     *
     * @var array{cnpj: string, titular: string, serial: string, valido_de: string, valido_ate: string}|null
     */
    public readonly ?array $certificado;

    /**
     * When it was created (ISO 8601).
     *
     * @var string
     */
    public readonly string $criado_em;

    /**
     * When it last changed (ISO 8601). Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $atualizado_em;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->id = self::exigido($dados, 'id');
        $this->cnpj = self::exigido($dados, 'cnpj');
        $this->razao_social = self::exigido($dados, 'razao_social');
        $this->municipio = self::exigido($dados, 'municipio');
        $this->regime_tributario = $dados['regime_tributario'] ?? null;
        $this->inscricao_municipal = $dados['inscricao_municipal'] ?? null;
        $this->regime_apuracao_simples = $dados['regime_apuracao_simples'] ?? null;
        $this->serie_dps = $dados['serie_dps'] ?? null;
        $this->rota_nfse = $dados['rota_nfse'] ?? null;
        $this->inscricao_estadual = $dados['inscricao_estadual'] ?? null;
        $this->serie_nfe = $dados['serie_nfe'] ?? null;
        $this->endereco = $dados['endereco'] ?? null;
        $this->autorizados_xml = $dados['autorizados_xml'] ?? null;
        $this->email = $dados['email'] ?? null;
        $this->email_tomador = $dados['email_tomador'] ?? null;
        $this->token_municipio_configurado = self::exigido($dados, 'token_municipio_configurado');
        $this->credenciais_provedor = $dados['credenciais_provedor'] ?? null;
        $this->padroes = self::exigido($dados, 'padroes');
        $this->status = self::exigido($dados, 'status');
        $this->certificado = $dados['certificado'] ?? null;
        $this->criado_em = self::exigido($dados, 'criado_em');
        $this->atualizado_em = $dados['atualizado_em'] ?? null;
    }
}
