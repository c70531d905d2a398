export { FiscalApi, NfseCliente, type OpcoesCliente } from './fiscal-api.js';
export { FiscalApiError, type ErroItem, type ItemProntidao } from './fiscal-api-error.js';
export { Paginas, type Pagina } from './paginas.js';
export {
  verificarWebhook,
  type EventoWebhook,
  type OpcoesVerificarWebhook,
  type VerificarWebhookOpcoes,
} from './verificar-webhook.js';
export { acompanharNfse, type OpcoesAcompanhar } from './acompanhar-nfse.js';
export {
  Transporte,
  Transport,
  USER_AGENT,
  MARGEM_ESPERA_MS,
  type OpcoesTransporte,
  type Pedido,
  type Resposta,
} from './transporte.js';
export type { Nfse, NfseRequest, OpcoesEmissao } from './recursos/nfse-recurso.js';
export type { Lote, LoteItem, LoteJson, LotePlanilha, LinhaLote } from './recursos/lotes-recurso.js';
export type { Webhook, Entrega, NovoWebhook, AlteracaoWebhook } from './recursos/webhooks-recurso.js';
export type { Evento, FiltroEventos } from './recursos/eventos-recurso.js';
export type { Empresa, Prontidao } from './recursos/empresas-recurso.js';
export type { Nfe, NfeInutilizacao } from './recursos/nfe-recurso.js';
export type { Documento } from './recursos/documentos-recurso.js';
export { CENARIOS_SIMULACAO, TIPOS_EVENTO } from './tipos.js';
export type {
  Schemas,
  CorpoDe,
  RespostaDe,
  SucessoDe,
  ConsultaDe,
  FiltroDe,
  OpcoesChamada,
  OpcoesSimulacao,
  CenarioSimulacao,
  TipoEvento,
} from './tipos.js';
export { VERSAO } from './generated/versao.js';
export type { components, operations, paths } from './generated/openapi.js';
