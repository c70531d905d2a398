<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (Nfse).
 *
 * Generated from #/components/schemas/Nfse. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class Nfse extends Modelo
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
     * @var 'transmitindo'|'autorizada'|'rejeitada'|'cancelada'|'aguardando_confirmacao'|'falha_transmissao'|'descartada'
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
     * Money as decimal text (1500.00), never a float.
     *
     * @var string
     */
    public readonly string $valor;

    /**
     * The competence month of the service (AAAA-MM-DD, first day).
     *
     * @var string
     */
    public readonly string $competencia;

    /**
     * The DPS series the note was numbered in. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $serie_dps;

    /**
     * The DPS number the service gave the note in its series. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $numero_dps;

    /**
     * TSIdDPS, 45 characters; a CNPJ inscrição may hold letters (alphanumeric CNPJ) Null when the answer does not
     * carry it.
     *
     * @var string|null
     */
    public readonly ?string $dps_id;

    /**
     * The number the authority gave the document; null until it has one.
     *
     * @var string|null
     */
    public readonly ?string $numero;

    /**
     * 50 characters; the issuer's CNPJ (positions 10–23) may hold letters.
     *
     * @var string|null
     */
    public readonly ?string $chave_acesso;

    /**
     * Why the authority rejected it (official code and message); null when not rejected.
     *
     * @var array{codigo_oficial: string|null, mensagem: string, explicacao: string|null, erros?: list<mixed>}|null
     */
    public readonly ?array $rejeicao;

    /**
     * Set when the note is `cancelada`. `tipo` = `cancelamento` (POST …/cancelamento: `codigo_motivo`, `motivo`,
     * `solicitado_em`, `em`, `protocolo` {evento_id, numero_dfse, data_hora_processamento}, `recuperado`,
     * `evento_xml`) or `substituicao` (`substituida_por`, `chave_substituta`, `em`).
     *
     * @var array{tipo?: 'cancelamento'|'substituicao'}|null
     */
    public readonly ?array $cancelamento;

    /**
     * The note this one replaces; null when none. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $substitui;

    /**
     * The note that replaced this one; null when none.
     *
     * @var string|null
     */
    public readonly ?string $substituida_por;

    /**
     * A transmission that could not be completed (dps_enviada says whether the DPS may have arrived); null
     * otherwise.
     *
     * @var array{dps_enviada: 'nao'|'desconhecido', motivo?: string}|null
     */
    public readonly ?array $falha;

    /**
     * A notice about an unusually long processing; null otherwise.
     *
     * @var array{codigo: 'processamento_prolongado', mensagem?: string, desde?: string}|null
     */
    public readonly ?array $aviso;

    /**
     * The history of the record, oldest first.
     *
     * @var list<array{tipo: string, em: string, detalhe?: array<string, mixed>|null}>
     */
    public readonly array $eventos;

    /**
     * The automatic corrections applied to the request, each with its rule.
     *
     * @var list<Ajuste>
     */
    public readonly array $ajustes;

    /**
     * <corrections version>+<field rules version>.
     *
     * @var string
     */
    public readonly string $regras_versao;

    /**
     * When it was created (ISO 8601). Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $criada_em;

    /**
     * When it last changed (ISO 8601). Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $atualizada_em;

    /**
     * When the authority authorised it; null before. Null when the answer does not carry it.
     *
     * @var string|null
     */
    public readonly ?string $autorizada_em;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->id = self::exigido($dados, 'id');
        $this->referencia = $dados['referencia'] ?? null;
        $this->status = self::exigido($dados, 'status');
        $this->ambiente = self::exigido($dados, 'ambiente');
        $this->empresa_id = self::exigido($dados, 'empresa_id');
        $this->valor = self::exigido($dados, 'valor');
        $this->competencia = self::exigido($dados, 'competencia');
        $this->serie_dps = $dados['serie_dps'] ?? null;
        $this->numero_dps = $dados['numero_dps'] ?? null;
        $this->dps_id = $dados['dps_id'] ?? null;
        $this->numero = $dados['numero'] ?? null;
        $this->chave_acesso = $dados['chave_acesso'] ?? null;
        $this->rejeicao = $dados['rejeicao'] ?? null;
        $this->cancelamento = $dados['cancelamento'] ?? null;
        $this->substitui = $dados['substitui'] ?? null;
        $this->substituida_por = $dados['substituida_por'] ?? null;
        $this->falha = $dados['falha'] ?? null;
        $this->aviso = $dados['aviso'] ?? null;
        $this->eventos = self::exigido($dados, 'eventos');
        $this->ajustes = Ajuste::lista(self::exigido($dados, 'ajustes'));
        $this->regras_versao = self::exigido($dados, 'regras_versao');
        $this->criada_em = $dados['criada_em'] ?? null;
        $this->atualizada_em = $dados['atualizada_em'] ?? null;
        $this->autorizada_em = $dados['autorizada_em'] ?? null;
    }
}
