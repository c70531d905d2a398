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

/** Test keys only: the simulator scenario (`X-Service-Simular`: autorizar, rejeitar, timeout, …). */
export interface OpcoesSimulacao extends OpcoesChamada {
  simular?: string;
}

export const cabecalhosSimulacao = (opcoes?: OpcoesSimulacao): Record<string, string> =>
  opcoes?.simular ? { 'x-service-simular': opcoes.simular } : {};

/** Encodes one path segment (ids, referencias and access keys go in the path). */
export const segmento = (value: string): string => encodeURIComponent(value);
