<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (Nfe).
 *
 * Generated from #/components/schemas/Nfe. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class Nfe extends Modelo
{
    /**
     * The record id (the path segment of its routes).
     *
     * @var string
     */
    public readonly string $id;

    /**
     * The caller's own reference, unique per company and environment.
     *
     * @var string|null
     */
    public readonly ?string $referencia;

    /**
     * The current status (see the values).
     *
     * @var 'transmitindo'|'aguardando_confirmacao'|'autorizada'|'rejeitada'|'denegada'|'cancelada'|'contingencia_epec'|'descartada'
     */
    public readonly string $status;

    /**
     * The environment: sandbox for test keys' records, producao for live ones.
     *
     * @var 'sandbox'|'producao'
     */
    public readonly string $ambiente;

    /**
     * The company (emitter) the record belongs to.
     *
     * @var string
     */
    public readonly string $empresa_id;

    /**
     * How the NF-e was issued (see the values).
     *
     * @var string
     */
    public readonly string $modo;

    /**
     * The series of the numbers.
     *
     * @var string
     */
    public readonly string $serie;

    /**
     * The number the authority gave the document; null until it has one.
     *
     * @var string
     */
    public readonly string $numero;

    /**
     * 44 characters; positions 7–18 (the issuer's CNPJ) may be letters (alphanumeric CNPJ)
     *
     * @var string
     */
    public readonly string $chave_acesso;

    /**
     * nProt of the authorisation (or denial)
     *
     * @var string|null
     */
    public readonly ?string $protocolo;

    /**
     * Why the authority rejected it (official code and message); null when not rejected.
     *
     * @var array{c_stat: string, mensagem: string, explicacao: string|null, correcao: string|null}|null
     */
    public readonly ?array $rejeicao;

    /**
     * Set once cancelled: how and when; null otherwise.
     *
     * @var array<string, mixed>|null
     */
    public readonly ?array $cancelamento;

    /**
     * The total of the note as decimal text, never a float.
     *
     * @var string
     */
    public readonly string $valor_total;

    /**
     * The automatic corrections applied to the request, each with its rule.
     *
     * @var list<array{campo: string, acao: string, motivo: string, regra: string, versao: string, fonte: string, valor?: string|null, enviado?: string|null, regras_empresa?: list<array<string, mixed>>|null}>
     */
    public readonly array $ajustes;

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

    /**
     * When the authority authorised it; null before.
     *
     * @var string|null
     */
    public readonly ?string $autorizada_em;

    /**
     * Events registered at the authority, oldest first (on the routes; not in the webhook `dados`) Null when the
     * answer does not carry it.
     *
     * @var list<NfeEvento>|null
     */
    public readonly ?array $eventos;

    /**
     * A condition that does not change the status. `confirmacao_esgotada`: the answer to the send was lost and 7
     * days of queries by key never settled the note; automatic recovery stopped and the note stays
     * `aguardando_confirmacao` (spec 3.3 has no failure status for NF-e). Check the key at the SEFAZ portal.
     *
     * @var array{codigo: string, mensagem: string, desde: string}|null
     */
    public readonly ?array $aviso;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->id = self::exigido($dados, 'id');
        $this->referencia = $dados['referencia'] ?? null;
        $this->status = self::exigido($dados, 'status');
        $this->ambiente = self::exigido($dados, 'ambiente');
        $this->empresa_id = self::exigido($dados, 'empresa_id');
        $this->modo = self::exigido($dados, 'modo');
        $this->serie = self::exigido($dados, 'serie');
        $this->numero = self::exigido($dados, 'numero');
        $this->chave_acesso = self::exigido($dados, 'chave_acesso');
        $this->protocolo = $dados['protocolo'] ?? null;
        $this->rejeicao = $dados['rejeicao'] ?? null;
        $this->cancelamento = $dados['cancelamento'] ?? null;
        $this->valor_total = self::exigido($dados, 'valor_total');
        $this->ajustes = self::exigido($dados, 'ajustes');
        $this->criada_em = self::exigido($dados, 'criada_em');
        $this->atualizada_em = self::exigido($dados, 'atualizada_em');
        $this->autorizada_em = $dados['autorizada_em'] ?? null;
        $this->eventos = isset($dados['eventos']) ? NfeEvento::lista($dados['eventos']) : null;
        $this->aviso = $dados['aviso'] ?? null;
    }
}
