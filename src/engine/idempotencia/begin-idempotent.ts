import { setTimeout as sleep } from 'node:timers/promises';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { DAY, HOUR, MINUTE } from '../nucleo/clock.js';
import { type ChunkOptions, deleteInChunks } from '../nucleo/delete-in-chunks.js';
import { newId } from '../nucleo/new-id.js';

export type IdempotencyStart =
  { kind: 'execute'; recordId: string } | { kind: 'replay'; status: number; body: unknown };

export const EXCLUSIVE_FOR = 24 * HOUR;
export const KEPT_FOR = 30 * DAY;
// A record still 'running' after this long belongs to a process that died mid-request.
const ABANDONED_AFTER = 5 * MINUTE;
const WAIT_FOR_FIRST_CALL_MS = 3_000;

/** The version of the fingerprints written now (requestIdentity); version 1 rows hold requestFingerprint's. */
export const FINGERPRINT_VERSION = 2;

/**
 * Idempotency-Key, scoped to account and environment. The unique (account, environment, key) row is the lock: the
 * first caller inserts it 'running'; a concurrent duplicate polls for about 3 s, then gets 409 `conflito`.
 * `fingerprint` is the request's identity (requestIdentity); rows stored before it counted the route hold the
 * older fingerprint of operation and body, which `legacyFingerprint` is compared with until they expire.
 */
export async function beginIdempotent(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  principal: Principal,
  key: string,
  fingerprint: string,
  legacyFingerprint?: string,
): Promise<IdempotencyStart> {
  const deadline = Date.now() + WAIT_FOR_FIRST_CALL_MS;
  const scope = { accountId: principal.accountId, environment: principal.environment, key };
  for (;;) {
    const now = deps.clock.now();
    const id = newId();
    const inserted = await deps.db.idempotencyRecord.createMany({
      data: [{ id, ...scope, fingerprint, fingerprintVersion: FINGERPRINT_VERSION, state: 'running', createdAt: now }],
      skipDuplicates: true,
    });
    if (inserted.count === 1) return { kind: 'execute', recordId: id };

    const existing = await deps.db.idempotencyRecord.findUnique({ where: { accountId_environment_key: scope } });
    if (!existing) continue;
    const age = now.getTime() - existing.createdAt.getTime();
    const sameRequest =
      existing.fingerprintVersion === FINGERPRINT_VERSION
        ? existing.fingerprint === fingerprint
        : existing.fingerprint === (legacyFingerprint ?? fingerprint);
    const expired =
      age > KEPT_FOR ||
      (existing.state === 'done' && !sameRequest && age > EXCLUSIVE_FOR) ||
      (existing.state === 'running' && age > ABANDONED_AFTER);
    if (expired) {
      await deps.db.idempotencyRecord.deleteMany({ where: { id: existing.id } });
      continue;
    }
    if (!sameRequest) {
      throw new EngineError(
        'idempotencia_conflito',
        'Este Idempotency-Key já foi usado com outra requisição (outro método, caminho ou corpo).',
        { correcao: 'Gere um novo Idempotency-Key para uma requisição diferente.' },
      );
    }
    if (existing.state === 'done') {
      assertAnswerReachable(principal, existing.companyId);
      return { kind: 'replay', status: existing.responseStatus!, body: existing.responseBody };
    }
    if (Date.now() >= deadline) {
      throw new EngineError('conflito', 'A primeira chamada com este Idempotency-Key ainda está em andamento.', {
        correcao: 'Repita em alguns segundos com o mesmo Idempotency-Key.',
      });
    }
    await sleep(100);
  }
}

/**
 * The key is the account's, so a stored answer may have been made by a key without restriction about any company
 * of the account. A key restricted to one company gets only answers about that company: any other (another
 * company's, or one about no company, such as a webhook) is 403 `acesso_negado`, as the route refuses that key
 * another company; the stored answer is never shown and nothing runs.
 */
function assertAnswerReachable(principal: Principal, answerCompanyId: string | null): void {
  if (principal.companyId && principal.companyId !== answerCompanyId) {
    throw new EngineError('acesso_negado', 'Esta chave está restrita a outra empresa.', {
      correcao:
        'Este Idempotency-Key foi usado por uma chave da conta para outra empresa: gere um novo Idempotency-Key.',
    });
  }
}

/**
 * Stores the snapshot that every repetition will get (a 202 stays 202), with the company it is about (null: about
 * none), which a repetition by a restricted key is checked against.
 */
export async function completeIdempotent(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  recordId: string,
  status: number,
  body: unknown,
  companyId: string | null = null,
): Promise<void> {
  await deps.db.idempotencyRecord.updateMany({
    where: { id: recordId },
    data: {
      state: 'done',
      responseStatus: status,
      responseBody: body as object,
      companyId,
      completedAt: deps.clock.now(),
    },
  });
}

/** Errors with nothing created are not stored: repeating runs again. */
export async function abandonIdempotent(deps: Pick<EngineDeps, 'db'>, recordId: string): Promise<void> {
  await deps.db.idempotencyRecord.deleteMany({ where: { id: recordId } });
}

/** Housekeeping: records older than 30 days are erased in chunks (the key counts as new afterwards). */
export async function purgeIdempotency(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  options: ChunkOptions = {},
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - KEPT_FOR);
  return deleteInChunks(deps, { table: 'idempotency_records', column: 'created_at', cutoff }, options);
}
