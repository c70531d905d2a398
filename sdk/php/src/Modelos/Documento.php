<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// `node sdk/php/scripts/generate-models.mjs` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\Modelos;

use FiscalApi\Modelo;

/**
 * An answer of the API (ReceivedDocument).
 *
 * Generated from #/components/schemas/ReceivedDocument. Fields are also readable as array keys (`$x['campo']`), as the API sent them.
 */
final class Documento extends Modelo
{
    /**
     * Equals the notaId of the events.
     *
     * @var string
     */
    public readonly string $id;

    /**
     * The company that received the document.
     *
     * @var string
     */
    public readonly string $empresaId;

    /**
     * The kind of document: NFSE, NFE or CTE.
     *
     * @var 'NFSE'|'NFE'|'CTE'
     */
    public readonly string $tipo;

    /**
     * RECEBIDA: the company is taker/intermediary/recipient; EMITIDA: it is the provider (also for notes issued
     * elsewhere)
     *
     * @var 'RECEBIDA'|'EMITIDA'
     */
    public readonly string $papel;

    /**
     * The access key of the received document.
     *
     * @var string
     */
    public readonly string $chaveAcesso;

    /**
     * How the document was captured.
     *
     * @var 'ADN'|'SEFAZ'|'PREFEITURA_SP'|'PREFEITURA_ABRASF'
     */
    public readonly string $origem;

    /**
     * NSU of the company's distribution sequence.
     *
     * @var string
     */
    public readonly string $nsu;

    /**
     * The number the authority gave the document; null until it has one.
     *
     * @var string|null
     */
    public readonly ?string $numero;

    /**
     * The issuer's CNPJ or CPF.
     *
     * @var string|null
     */
    public readonly ?string $emitenteDocumento;

    /**
     * The issuer's name.
     *
     * @var string|null
     */
    public readonly ?string $emitenteNome;

    /**
     * The taker's CNPJ or CPF.
     *
     * @var string|null
     */
    public readonly ?string $tomadorDocumento;

    /**
     * Service value (decimal string)
     *
     * @var string|null
     */
    public readonly ?string $valor;

    /**
     * When the document was issued (ISO 8601).
     *
     * @var string|null
     */
    public readonly ?string $emitidaEm;

    /**
     * ok, aviso or bloqueio.
     *
     * @var 'ativa'|'cancelada'|'substituida'
     */
    public readonly string $situacao;

    /**
     * The note issued by this service that this document is (no duplicate)
     *
     * @var string|null
     */
    public readonly ?string $nfseId;

    /**
     * Latest registered manifestação do destinatário (received NF-e)
     *
     * @var '210200'|'210210'|'210220'|'210240'|null|null
     */
    public readonly ?string $manifestacao;

    /**
     * When the service captured the document (ISO 8601).
     *
     * @var string
     */
    public readonly string $capturadoEm;

    /**
     * Addresses of the XML and of the detail.
     *
     * @var array{self: string, xml: string}
     */
    public readonly array $links;

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
        $this->id = self::exigido($dados, 'id');
        $this->empresaId = self::exigido($dados, 'empresaId');
        $this->tipo = self::exigido($dados, 'tipo');
        $this->papel = self::exigido($dados, 'papel');
        $this->chaveAcesso = self::exigido($dados, 'chaveAcesso');
        $this->origem = self::exigido($dados, 'origem');
        $this->nsu = self::exigido($dados, 'nsu');
        $this->numero = $dados['numero'] ?? null;
        $this->emitenteDocumento = $dados['emitenteDocumento'] ?? null;
        $this->emitenteNome = $dados['emitenteNome'] ?? null;
        $this->tomadorDocumento = $dados['tomadorDocumento'] ?? null;
        $this->valor = $dados['valor'] ?? null;
        $this->emitidaEm = $dados['emitidaEm'] ?? null;
        $this->situacao = self::exigido($dados, 'situacao');
        $this->nfseId = $dados['nfseId'] ?? null;
        $this->manifestacao = $dados['manifestacao'] ?? null;
        $this->capturadoEm = self::exigido($dados, 'capturadoEm');
        $this->links = self::exigido($dados, 'links');
    }
}
