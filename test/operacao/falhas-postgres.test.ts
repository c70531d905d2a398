// PostgreSQL restarts mid-batch: every backend of a database of this test's own is terminated (as a restart or a
// failover does) while a batch is transmitted and single notes are issued. The service process is not restarted:
// its pool reconnects; no request hangs past its deadline (each is answered, a failure with a retryable error
// the client repeats with the same Idempotency-Key); and every note ends authorised exactly once, sent once.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JOB_SETTINGS } from '../../src/engine/fila/job-settings.js';
import { cleanUpChildren, nationalDpsIds, startChildProcess } from '../support/child-service.js';
import { linha } from '../support/lotes.js';
import { nfseBody } from '../support/nfse.js';

const JOB_LEASE_MS = DEFAULT_JOB_SETTINGS.leaseMs;

const CHILD = 'test/support/children/cluster-child.ts';
const LINES = 100;
const SINGLES = 12;
// A request's deadline: generous on a loaded machine, far below the minutes a connection left hanging would take.
const DEADLINE_MS = 20_000;

interface Info {
  url: string;
  pid: number;
  testKey: string;
  companyId: string;
}

/** The URL of another database on the same server. */
const onDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('PostgreSQL restarts mid-batch (a database of its own)', () => {
  const database = `fiscal_falhas_${process.pid}_${randomBytes(3).toString('hex')}`;
  // Collected without a DATABASE_URL too (then skipped): the URL is made only where there is one.
  const url = serverUrl ? onDatabase(serverUrl, database) : '';
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-falhas-pg-'));
  const children: ChildProcess[] = [];
  const admin = () => new pg.Client({ connectionString: process.env.DATABASE_URL });
  const query = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  let child: ChildProcess;
  let childStderr: () => string = () => '';
  let info: Info;

  beforeAll(async () => {
    const a = admin();
    await a.connect();
    await a.query(`CREATE DATABASE "${database}"`);
    await a.end();
    ({
      child,
      info,
      stderr: childStderr,
    } = await startChildProcess<Info>(
      CHILD,
      {
        DATABASE_URL: url,
        REDIS_URL: '',
        CHILD_PG_SCHEMA: '',
        CHILD_SEED: '1',
        CHILD_ROLE: 'all',
        DATA_DIR: dataDir,
        MASTER_KEY: randomBytes(32).toString('hex'),
        CAPTURE_TICK_SECONDS: '0',
      },
      children,
    ));
  }, 120_000);
  afterAll(async () => {
    await cleanUpChildren(children, dataDir, null);
    const a = admin();
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await a.end();
  }, 30_000);

  /** Every backend of the test's database but the caller's: only this test's processes use it. */
  const terminateBackends = async () => {
    const a = admin();
    await a.connect();
    try {
      const rows = await a.query(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      return rows.rowCount ?? 0;
    } finally {
      await a.end();
    }
  };

  const answered: Array<{ status: number; ms: number }> = [];
  /** One call with its deadline; a network error counts as status 0 (then repeated, as a client would). */
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const started = Date.now();
    let status = 0;
    let json: any = null;
    try {
      const res = await fetch(info.url + path, {
        method,
        headers: { authorization: `Bearer ${info.testKey}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(DEADLINE_MS),
      });
      status = res.status;
      json = await res.json().catch(() => null);
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') status = -1;
    }
    answered.push({ status, ms: Date.now() - started });
    return { status, body: json };
  };
  /** Repeats a call the service could not complete with the same Idempotency-Key, as a client would. */
  const untilDone = async (method: string, path: string, body: unknown, accept: number[]) => {
    const idempotencyKey = randomUUID();
    const tried: string[] = [];
    // Repeated for a minute: on a loaded machine a cut request's lock can outlive a few seconds of retries.
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const res = await call(method, path, body, { 'idempotency-key': idempotencyKey });
      tried.push(`${res.status} ${res.body?.codigo ?? ''}`.trim());
      if (accept.includes(res.status)) return res;
      // The first call's note was committed but its answer lost before it was stored: the repetition finds the
      // note by its referencia, and the client takes that note, as the answer tells it to.
      if (res.body?.codigo === 'referencia_duplicada') return { status: res.status, body: { id: res.body.nfse_id } };
      // Retryable: a cut connection, a 5xx, or an answer that says so (the first call's lock still held: 409).
      expect(res.status === 0 || res.status >= 500 || res.body?.retentavel === true, JSON.stringify(res)).toBe(true);
      await sleep(250);
    }
    // What the service answered, the last ones first: which retryable answer never ended; and, where it answered
    // nothing (0: no connection), whether the process is gone and what it wrote last.
    const state = child.exitCode ?? child.signalCode ?? 'running';
    throw new Error(
      `${method} ${path} never succeeded: ${tried.slice(-5).reverse().join(', ')} (${tried.length} calls); ` +
        `process ${state}, stderr: ${childStderr().slice(-2000) || '(empty)'}`,
    );
  };

  it(
    'terminating every backend mid-batch: the same process goes on, every note authorised exactly once',
    async () => {
      const lote = await untilDone(
        'POST',
        '/v1/lotes',
        { empresa_id: info.companyId, itens: Array.from({ length: LINES }, () => linha()) },
        [202],
      );
      const loteId = lote.body.id as string;
      const authorised = async () =>
        Number(
          (
            await query<{ n: string }>(
              "SELECT count(*) AS n FROM nfse n JOIN lote_itens i ON i.nfse_id = n.id WHERE i.lote_id = $1 AND n.status = 'autorizada'",
              [loteId],
            )
          )[0]!.n,
        );
      for (const deadline = Date.now() + 60_000; (await authorised()) < 5;) {
        if (Date.now() > deadline) throw new Error('the batch did not start');
        await sleep(100);
      }

      // Single notes issued while the database goes away (three rounds of terminations, as a restart's window).
      const singles = Promise.all(
        Array.from({ length: SINGLES }, async (_, i) => {
          await sleep(i * 150);
          return untilDone('POST', '/v1/nfse', nfseBody(info.companyId), [201, 202]);
        }),
      );
      let ended = 0;
      for (let round = 0; round < 10; round++) {
        ended += await terminateBackends();
        await sleep(250);
      }
      expect(ended).toBeGreaterThan(0);
      const issued = (await singles).map((r) => r.body.id as string);

      // Read from the database: polling the API would spend the key's 120 requests a minute. A job whose step the
      // restart cut is claimed again when its lease ends.
      for (const deadline = Date.now() + JOB_LEASE_MS + 60_000; ;) {
        const [lote] = await query<{ status: string }>('SELECT status FROM lotes WHERE id = $1', [loteId]);
        if (lote?.status === 'concluido') break;
        if (Date.now() > deadline) throw new Error(`the batch did not end: ${lote?.status}`);
        await sleep(250);
      }
      expect(await authorised()).toBe(LINES);
      for (const deadline = Date.now() + JOB_LEASE_MS + 60_000; ;) {
        const rows = await query<{ status: string }>('SELECT status FROM nfse WHERE id = ANY($1::uuid[])', [issued]);
        if (rows.length === SINGLES && rows.every((r) => r.status === 'autorizada')) break;
        if (Date.now() > deadline) throw new Error(`single notes not authorised: ${JSON.stringify(rows)}`);
        await sleep(250);
      }

      // The process was never restarted: the pool made new connections.
      expect(child.exitCode).toBeNull();
      expect(child.signalCode).toBeNull();
      expect((await fetch(`${info.url}/healthz`)).status).toBe(200);
      // No request waited past its deadline; every one got an answer.
      expect(answered.filter((a) => a.status === -1)).toEqual([]);
      // Exactly once: one note per line and per Idempotency-Key, each sent to the authority once.
      const notes = await query<{ id: string; dps_id: string; status: string }>('SELECT id, dps_id, status FROM nfse');
      expect(notes).toHaveLength(LINES + SINGLES);
      expect(new Set(issued).size).toBe(SINGLES);
      expect(notes.every((n) => n.status === 'autorizada')).toBe(true);
      const lines = await query<{ n: string; d: string }>(
        'SELECT count(*) AS n, count(DISTINCT nfse_id) AS d FROM lote_itens WHERE lote_id = $1',
        [loteId],
      );
      expect(lines[0]).toEqual({ n: String(LINES), d: String(LINES) });
      const sent = nationalDpsIds(dataDir);
      expect(new Set(sent).size).toBe(sent.length);
      expect(new Set(sent)).toEqual(new Set(notes.map((n) => n.dps_id)));
    },
    JOB_LEASE_MS + 180_000,
  );
});
