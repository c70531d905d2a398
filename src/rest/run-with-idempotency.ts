import { retryOnConnectionLost } from '../db/retry-on-connection-lost.js';
import type { EngineDeps } from '../engine/engine-deps.js';
import { EngineError, parameterError } from '../engine/errors.js';
import { abandonIdempotent, beginIdempotent, completeIdempotent } from '../engine/idempotencia/begin-idempotent.js';
import { requestFingerprint, requestIdentity } from '../engine/idempotencia/canonical-json.js';
import { isUuid } from '../engine/nucleo/new-id.js';
import type { RestCall, RestResult } from './rest-api.js';
import type { RestOperation } from './rest-operation.js';

// Errors that leave a resource behind are stored with the idempotency record; all others are not.
const STORED_ERRORS = new Set(['nfse_rejeitada', 'falha_transmissao']);

export interface IdempotentCall {
  op: RestOperation;
  operationId: string;
  call: RestCall;
  /** Runs the operation itself. */
  execute(): Promise<RestResult>;
}

/**
 * Idempotency-Key on the operations that accept it: the first call runs and its answer is stored, a repetition
 * gets the stored answer (a stored error is thrown again). Without the header, or on other operations, it runs.
 * A repetition is the same method, route, path parameters, query and body; the stored answer keeps the company
 * it is about, so a key restricted to another company is refused it (beginIdempotent).
 */
export async function runWithIdempotency(
  deps: Pick<EngineDeps, 'db' | 'clock' | 'secrets'>,
  { op, operationId, call, execute }: IdempotentCall,
): Promise<RestResult> {
  const key = header(call.headers, 'idempotency-key');
  if (!op.idempotent || key === undefined) return execute();
  if (!key.trim() || key.length > 255) {
    throw parameterError('requisicao_invalida', { header: 'Idempotency-Key' }, 'deve ter de 1 a 255 caracteres.', {
      correcao: 'Use um UUID como chave.',
    });
  }
  const body = op.fingerprintBody ? op.fingerprintBody(call.body) : call.body;
  const fingerprint = requestIdentity({
    method: call.method,
    route: call.matched?.rota ?? call.path,
    params: call.matched?.params ?? {},
    query: call.query,
    body,
  });
  const start = await beginIdempotent(deps, call.principal, key, fingerprint, requestFingerprint(operationId, body));
  if (start.kind === 'replay') {
    const stored = start.body as { storedError?: StoredError } | null;
    if (stored?.storedError) throw restoreError(stored.storedError);
    return { status: start.status, body: sealFields(deps, op, call, start.body, 'open'), replayed: true };
  }
  let result: RestResult;
  try {
    result = await execute();
  } catch (err) {
    // Only a stored error is kept; any other is forgotten, so the repetition runs again.
    await retryOnConnectionLost(() =>
      err instanceof EngineError && STORED_ERRORS.has(err.codigo)
        ? completeIdempotent(
            deps,
            start.recordId,
            err.http,
            { storedError: storeError(err) },
            answerCompany(call, err.extra),
          )
        : abandonIdempotent(deps, start.recordId),
    );
    throw err;
  }
  // The operation committed: its answer must be stored even across a database restart, or the repetition would run
  // it again (a second note, or a duplicate referencia for the first). Left 'running' if it never can be, the
  // repetition waits (409 conflito) instead of running it twice.
  const sealed = sealFields(deps, op, call, result.body, 'seal') ?? null;
  const company = answerCompany(call, result.body);
  await retryOnConnectionLost(() => completeIdempotent(deps, start.recordId, result.status, sealed, company));
  return result;
}

// Secrets in a stored response (a webhook's segredo) are sealed under the key's scope, never kept in clear.
function sealFields(
  deps: Pick<EngineDeps, 'secrets'>,
  op: RestOperation,
  call: RestCall,
  body: unknown,
  way: 'seal' | 'open',
): unknown {
  if (!op.sealedFields || body === null || typeof body !== 'object') return body;
  const context = `idempotency:${call.principal.accountId}:${call.principal.environment}`;
  const out = { ...(body as Record<string, unknown>) };
  for (const field of op.sealedFields) {
    if (typeof out[field] !== 'string') continue;
    out[field] =
      way === 'seal' ? deps.secrets.seal(out[field], context) : deps.secrets.open(out[field], context).toString();
  }
  return out;
}

/**
 * The company a stored answer is about: the restricted key's own (the route let it reach no other), else the one
 * the answer names (`empresa_id` of a note, batch, product or range, of the `nfe` or `nfse` it carries), else the
 * one the request named; null when none is named (a webhook, a company), which no restricted key is given.
 */
function answerCompany(call: RestCall, answer: unknown): string | null {
  if (call.principal.companyId) return call.principal.companyId;
  const out = members(answer);
  const named = [out?.empresa_id, members(out?.nfe)?.empresa_id, members(out?.nfse)?.empresa_id];
  named.push(members(call.body)?.empresa_id);
  const found = named.find((v): v is string => typeof v === 'string' && isUuid(v));
  return found ?? null;
}

function members(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function header(headers: RestCall['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

interface StoredError {
  codigo: EngineError['codigo'];
  mensagem: string;
  campo: string | null;
  correcao: string | null;
  codigoOficial: string | null;
  extra: Record<string, unknown>;
}

/**
 * A stored 422 with a note replays the same body; it is kept as the error itself so the replay's
 * `requisicao_id` is the replaying request's (it always equals the answered request's X-Request-Id).
 */
function storeError(err: EngineError): StoredError {
  return {
    codigo: err.codigo,
    mensagem: err.message,
    campo: err.campo,
    correcao: err.correcao,
    codigoOficial: err.codigoOficial,
    extra: err.extra,
  };
}

function restoreError(e: StoredError): EngineError {
  return new EngineError(e.codigo, e.mensagem, {
    campo: e.campo,
    correcao: e.correcao,
    codigoOficial: e.codigoOficial,
    extra: e.extra,
  });
}
