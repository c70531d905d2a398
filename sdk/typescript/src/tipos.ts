import type { components, operations } from './generated/openapi.js';

/** The document's schemas (`Nfse`, `Lote`, `Webhook`, …), generated from openapi/openapi.yaml. */
export type Schemas = components['schemas'];
export type Operacao = keyof operations;

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of an operation (by operationId). */
export type CorpoDe<K extends Operacao> = operations[K] extends { requestBody?: infer R }
  ? Json<NonNullable<R>>
  : never;
/** The JSON answer of an operation for one status. */
export type RespostaDe<K extends Operacao, S extends keyof operations[K]['responses']> = Json<
  operations[K]['responses'][S]
>;
/** The JSON answer of an operation, whichever 2xx it is. */
export type SucessoDe<K extends Operacao> = {
  [S in keyof operations[K]['responses']]: S extends 200 | 201 | 202 ? Json<operations[K]['responses'][S]> : never;
}[keyof operations[K]['responses']];
/** The query parameters of an operation. */
export type ConsultaDe<K extends Operacao> = operations[K]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;

/** Per-call options every method takes. */
export interface OpcoesChamada {
  /** The logical call's Idempotency-Key (default: one generated for this call, reused by its retries). */
  chaveIdempotencia?: string;
  signal?: AbortSignal;
}

/** The scenarios a test key may ask of the simulated national system in `X-Service-Simular`. */
export const CENARIOS_SIMULACAO = [
  'autorizar',
  'rejeitar',
  'timeout',
  'indisponibilidade',
  'competencia_encerrada',
  'falha_transmissao',
  'falha_transmissao:nao',
  'processamento_lento',
] as const;

/**
 * A scenario of `X-Service-Simular`: one of CENARIOS_SIMULACAO, or `rejeitar:` with up to four official codes
 * (`rejeitar:E0312` or `rejeitar:E0312,E0316`), each a condition of the simulated national side.
 */
export type CenarioSimulacao = (typeof CENARIOS_SIMULACAO)[number] | `rejeitar:E${string}`;

/** Test keys only: the simulator scenario (`X-Service-Simular`). */
export interface OpcoesSimulacao extends OpcoesChamada {
  simular?: CenarioSimulacao;
}

/** Issuance options: the scenario and how long the call may wait for the authority. */
export interface OpcoesEmissao extends OpcoesSimulacao {
  /**
   * `Prefer: wait=<s>`: how long the call waits for the authority before answering 202 (API default 10 s, up to
   * 60). The attempt's time limit grows to this wait plus 10 s when it is above `tempoLimiteMs`.
   */
  esperaSegundos?: number;
}

/** The event types of the account's log and of webhook deliveries (`webhook.teste` only from …/teste). */
export const TIPOS_EVENTO = [
  'NOTA_RECEBIDA',
  'NFE_RECEBIDA',
  'CTE_RECEBIDA',
  'EVENTO_FISCAL_RECEBIDO',
  'MANIFESTACAO_REGISTRADA',
  'NFSE_AUTORIZADA',
  'NFSE_REJEITADA',
  'NFSE_CANCELADA',
  'NFSE_PROCESSAMENTO_PROLONGADO',
  'NFSE_AGUARDANDO_CONFIRMACAO',
  'NFSE_FALHA_TRANSMISSAO',
  'NFSE_EMAIL_ENVIADO',
  'NFSE_EMAIL_FALHOU',
  'LOTE_EMISSAO_CONCLUIDO',
  'EMPRESA_PRONTIDAO_ALTERADA',
  'NFE_DESCARTE_PROXIMO',
  'NFE_AUTORIZADA',
  'NFE_REJEITADA',
  'NFE_DENEGADA',
  'NFE_CONTINGENCIA_EPEC',
  'NFE_CANCELADA',
  'NFE_CARTA_CORRECAO',
  'NFE_DESCARTADA',
  'NFE_INUTILIZACAO',
  'webhook.teste',
] as const;

export type TipoEvento = (typeof TIPOS_EVENTO)[number];

/**
 * The filters of a list operation, every query parameter the document declares for it (so filters added to
 * openapi.yaml reach the client with the regenerated types), with `cursor` as the page to start from.
 */
export type FiltroDe<K extends Operacao> = Omit<ConsultaDe<K>, 'cursor' | 'limite'> & {
  cursor?: string;
  limite?: number;
};

export const cabecalhosSimulacao = (opcoes?: OpcoesSimulacao): Record<string, string> =>
  opcoes?.simular ? { 'x-service-simular': opcoes.simular } : {};

/** Encodes one path segment (ids, referencias and access keys go in the path). */
export const segmento = (value: string): string => encodeURIComponent(value);
