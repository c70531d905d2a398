/** The event types of the event log and webhooks (enum EventType of the schema), each with its words. */
export const EVENT_LABELS: Record<string, string> = {
  CTE_RECEBIDA: 'CT-e recebido',
  EMPRESA_PRONTIDAO_ALTERADA: 'Prontidão da empresa alterada',
  EVENTO_FISCAL_RECEBIDO: 'Evento fiscal recebido',
  LOTE_EMISSAO_CONCLUIDO: 'Lote concluído',
  MANIFESTACAO_REGISTRADA: 'Manifestação registrada',
  NFE_AUTORIZADA: 'NF-e autorizada',
  NFE_CANCELADA: 'NF-e cancelada',
  NFE_CARTA_CORRECAO: 'Carta de correção da NF-e',
  NFE_CONTINGENCIA_EPEC: 'NF-e em contingência EPEC',
  NFE_DENEGADA: 'NF-e denegada',
  NFE_DESCARTADA: 'NF-e descartada',
  NFE_DESCARTE_PROXIMO: 'NF-e perto do descarte',
  NFE_INUTILIZACAO: 'Inutilização de numeração da NF-e',
  NFE_RECEBIDA: 'NF-e recebida',
  NFE_REJEITADA: 'NF-e rejeitada',
  NFSE_AGUARDANDO_CONFIRMACAO: 'NFS-e aguardando confirmação',
  NFSE_AUTORIZADA: 'NFS-e autorizada',
  NFSE_CANCELADA: 'NFS-e cancelada',
  NFSE_EMAIL_ENVIADO: 'NFS-e enviada por e-mail',
  NFSE_EMAIL_FALHOU: 'Falha no envio da NFS-e por e-mail',
  NFSE_FALHA_TRANSMISSAO: 'Falha de transmissão da NFS-e',
  NFSE_PROCESSAMENTO_PROLONGADO: 'NFS-e em processamento prolongado',
  NFSE_REJEITADA: 'NFS-e rejeitada',
  NOTA_RECEBIDA: 'NFS-e recebida',
};

export const EVENT_TYPES = Object.keys(EVENT_LABELS);

/** An event type in words (the test delivery's WEBHOOK_TESTE and webhook.teste included); an unknown one as given. */
export function eventLabel(tipo: string): string {
  if (tipo === 'WEBHOOK_TESTE' || tipo === 'webhook.teste') return 'Teste do webhook';
  return EVENT_LABELS[tipo] ?? tipo;
}
