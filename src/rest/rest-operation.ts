import type { Readable } from 'node:stream';
import type { Principal } from '../engine/chaves/principal.js';
import type { EngineDeps } from '../engine/engine-deps.js';
import type { BodyDeclaration } from '../engine/nucleo/read-body.js';

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  principal: Principal;
}

/**
 * One `/v1` operation: the GraphQL document that implements it and the translation on both sides.
 * `operationId` in openapi.yaml names the file.
 */
export interface RestOperation {
  document: string;
  toVariables(req: RestRequest): Record<string, unknown>;
  /**
   * The engine's declaration of the body the document's input object carries: REST maps the body to its shape
   * at the edge (snake_case → camelCase) and the engine validates it once.
   */
  body?: BodyDeclaration;
  /** Builds the response body from the root field's data (already snake_cased). */
  toBody?(data: Record<string, unknown>, req: RestRequest): unknown;
  successStatus: number | ((data: Record<string, unknown>) => number);
  /** Accepts Idempotency-Key. */
  idempotent?: boolean;
  /** Top-level body members that are secrets: sealed in the stored idempotent response, opened on replay. */
  sealedFields?: string[];
  /** What idempotency compares when it is not the body itself (a spreadsheet: its hash). */
  fingerprintBody?(body: unknown): unknown;
  /**
   * Raw (non-JSON) success bodies: XML, PDF, a streamed spreadsheet. The document has authorised the call;
   * bytes that are no GraphQL material (a stream) are produced here with the engine.
   */
  raw?(data: Record<string, unknown>, ctx: RawContext): RawBody | Promise<RawBody>;
}

/** What a raw body is produced with, besides the document's data. */
export interface RawContext {
  engine: EngineDeps;
  principal: Principal;
  req: RestRequest;
  /** Runs the operation's document again with these variables (the next page of a list, for a stream). */
  rerun(variables: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * Charges request units beyond the call's own to the caller's minute (the key's, or the panel session's), refusing
   * with 429 `limite_de_requisicoes` past it; absent where nothing is charged (an in-process call in a test).
   */
  charge?(units: number): Promise<void>;
}

export interface RawBody {
  contentType: string;
  body: Buffer | string | Readable;
  /** Offered as a download (Content-Disposition: attachment). */
  filename?: string;
}
