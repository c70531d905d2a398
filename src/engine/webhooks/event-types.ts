/** Event types a webhook may subscribe to. `webhook.teste` is sent only by POST …/teste. */
export const EVENT_TYPES = [
  'NOTA_RECEBIDA',
  'NFE_RECEBIDA',
  'CTE_RECEBIDA',
  'EVENTO_FISCAL_RECEBIDO',
  // Ours: a manifestação do destinatário registered by the national event service.
  'MANIFESTACAO_REGISTRADA',
  'NFSE_AUTORIZADA',
  'NFSE_REJEITADA',
  'NFSE_CANCELADA',
  'NFSE_PROCESSAMENTO_PROLONGADO',
  'NFSE_AGUARDANDO_CONFIRMACAO',
  'NFSE_FALHA_TRANSMISSAO',
  // Ours: an attempt to e-mail the note (to its taker, or to addresses asked for) sent it, or failed or could not
  // be made; dados is the NFS-e record plus `email` (id, motivo, destinatarios, tentativa, erro, proxima_tentativa_em).
  'NFSE_EMAIL_ENVIADO',
  'NFSE_EMAIL_FALHOU',
  'LOTE_EMISSAO_CONCLUIDO',
  'EMPRESA_PRONTIDAO_ALTERADA',
  // dados: the rejected NF-e record plus descarte_em (instant of the automatic discard) and prazo_inutilizacao
  // (the legal last day, Ajuste SINIEF 07/05); written once per note, DESCARTE_AVISO_DIAS before the discard.
  'NFE_DESCARTE_PROXIMO',
  // NF-e status changes: dados is the NF-e record.
  'NFE_AUTORIZADA',
  'NFE_REJEITADA',
  'NFE_DENEGADA',
  // The UF authoriser was down: EPEC registered at the national environment, the note awaits its UF.
  'NFE_CONTINGENCIA_EPEC',
  'NFE_CANCELADA',
  // A carta de correção registered (110110): dados is the NF-e record plus `carta_correcao`.
  'NFE_CARTA_CORRECAO',
  // A note discarded (number voided; dados = the NF-e record) and a range homologated by the
  // authority (dados = the inutilização record of GET /v1/nfe/inutilizacoes).
  'NFE_DESCARTADA',
  'NFE_INUTILIZACAO',
] as const;

export const TEST_EVENT = 'webhook.teste';

const KNOWN = new Set<string>(EVENT_TYPES);
export const isEventType = (name: string): boolean => KNOWN.has(name);
