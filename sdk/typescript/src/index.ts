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
export { Transporte, Transport, type OpcoesTransporte, type Pedido, type Resposta } from './transporte.js';
export type { Nfse, NfseRequest, OpcoesEmissao } from './recursos/nfse-recurso.js';
export type { Lote, LoteItem, LoteJson, LotePlanilha } from './recursos/lotes-recurso.js';
export type { Webhook, Entrega } from './recursos/webhooks-recurso.js';
export type { Evento } from './recursos/eventos-recurso.js';
export type { Empresa, Prontidao } from './recursos/empresas-recurso.js';
export type { Nfe, NfeInutilizacao } from './recursos/nfe-recurso.js';
export type { Documento } from './recursos/documentos-recurso.js';
export type { Schemas, CorpoDe, RespostaDe, SucessoDe, ConsultaDe, OpcoesChamada, OpcoesSimulacao } from './tipos.js';
export type { components, operations, paths } from './generated/openapi.js';
