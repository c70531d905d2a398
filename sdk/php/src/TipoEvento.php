<?php

declare(strict_types=1);

namespace FiscalApi;

/**
 * The event types of the account's log and of webhook deliveries (Evento::$tipo, Entrega::$tipo, the eventos of
 * a webhook). WEBHOOK_TESTE only comes from POST /v1/webhooks/{id}/teste and cannot be subscribed to.
 */
final class TipoEvento
{
    public const NOTA_RECEBIDA = 'NOTA_RECEBIDA';
    public const NFE_RECEBIDA = 'NFE_RECEBIDA';
    public const CTE_RECEBIDA = 'CTE_RECEBIDA';
    public const EVENTO_FISCAL_RECEBIDO = 'EVENTO_FISCAL_RECEBIDO';
    public const MANIFESTACAO_REGISTRADA = 'MANIFESTACAO_REGISTRADA';
    public const NFSE_AUTORIZADA = 'NFSE_AUTORIZADA';
    public const NFSE_REJEITADA = 'NFSE_REJEITADA';
    public const NFSE_CANCELADA = 'NFSE_CANCELADA';
    public const NFSE_PROCESSAMENTO_PROLONGADO = 'NFSE_PROCESSAMENTO_PROLONGADO';
    public const NFSE_AGUARDANDO_CONFIRMACAO = 'NFSE_AGUARDANDO_CONFIRMACAO';
    public const NFSE_FALHA_TRANSMISSAO = 'NFSE_FALHA_TRANSMISSAO';
    public const NFSE_EMAIL_ENVIADO = 'NFSE_EMAIL_ENVIADO';
    public const NFSE_EMAIL_FALHOU = 'NFSE_EMAIL_FALHOU';
    public const LOTE_EMISSAO_CONCLUIDO = 'LOTE_EMISSAO_CONCLUIDO';
    public const EMPRESA_PRONTIDAO_ALTERADA = 'EMPRESA_PRONTIDAO_ALTERADA';
    public const NFE_DESCARTE_PROXIMO = 'NFE_DESCARTE_PROXIMO';
    public const NFE_AUTORIZADA = 'NFE_AUTORIZADA';
    public const NFE_REJEITADA = 'NFE_REJEITADA';
    public const NFE_DENEGADA = 'NFE_DENEGADA';
    public const NFE_CONTINGENCIA_EPEC = 'NFE_CONTINGENCIA_EPEC';
    public const NFE_CANCELADA = 'NFE_CANCELADA';
    public const NFE_CARTA_CORRECAO = 'NFE_CARTA_CORRECAO';
    public const NFE_DESCARTADA = 'NFE_DESCARTADA';
    public const NFE_INUTILIZACAO = 'NFE_INUTILIZACAO';
    public const WEBHOOK_TESTE = 'webhook.teste';

    /** Every type a webhook may subscribe to. */
    public const TODOS = [
        self::NOTA_RECEBIDA,
        self::NFE_RECEBIDA,
        self::CTE_RECEBIDA,
        self::EVENTO_FISCAL_RECEBIDO,
        self::MANIFESTACAO_REGISTRADA,
        self::NFSE_AUTORIZADA,
        self::NFSE_REJEITADA,
        self::NFSE_CANCELADA,
        self::NFSE_PROCESSAMENTO_PROLONGADO,
        self::NFSE_AGUARDANDO_CONFIRMACAO,
        self::NFSE_FALHA_TRANSMISSAO,
        self::NFSE_EMAIL_ENVIADO,
        self::NFSE_EMAIL_FALHOU,
        self::LOTE_EMISSAO_CONCLUIDO,
        self::EMPRESA_PRONTIDAO_ALTERADA,
        self::NFE_DESCARTE_PROXIMO,
        self::NFE_AUTORIZADA,
        self::NFE_REJEITADA,
        self::NFE_DENEGADA,
        self::NFE_CONTINGENCIA_EPEC,
        self::NFE_CANCELADA,
        self::NFE_CARTA_CORRECAO,
        self::NFE_DESCARTADA,
        self::NFE_INUTILIZACAO,
    ];
}
