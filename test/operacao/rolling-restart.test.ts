// A rolling restart of the worker role on PostgreSQL: notes issued with Prefer: wait=0 under slow authorisation
// are held by a worker when it gets SIGTERM. With a grace period shorter than the authorities' answer, the worker
// releases the jobs it holds and exits 0, and its replacement takes them at once (not after the 2-minute lease);
// with a longer one, the worker finishes them before exiting 0. Either way every note is authorised exactly once:
// one note per DPS at the national side, one NFSE_AUTORIZADA event per note, no job left behind.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfseBody } from '../support/nfse.js';
import { cleanUpChildren, nationalDpsIds, startChildProcess } from '../support/child-service.js';
import { httpClient } from '../support/http.js';
import { until } from '../support/wait.js';
import { schemaQuery } from '../support/schema-query.js';
import { exitOf } from '../support/exit-of.js';

const CHILD = 'test/support/children/graceful-child.ts';
/** How long the simulated national system takes to answer each DPS a worker sends. */
const SLOW_MS = 5_000;

interface Info {
  url: string;
  pid: number;
  testKey?: string;
  companyId?: string;
}

describe.runIf(process.env.DATABASE_URL)('rolling restart of the worker role (PostgreSQL)', () => {
  const schema = `graceful_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-graceful-'));
  const children: ChildProcess[] = [];
  const env = (role: string, extra: Record<string, string> = {}) => ({
    DATABASE_URL: process.env.DATABASE_URL!,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    MASTER_KEY: masterKey,
    DATA_DIR: dataDir,
    CHILD_PG_SCHEMA: schema,
    CHILD_ROLE: role,
    CAPTURE_TICK_SECONDS: '0',
    ...extra,
  });
  const masterKey = randomBytes(32).toString('hex');
  let api: Info;

  const query = schemaQuery(process.env.DATABASE_URL!, schema);
  const count = async (sql: string, params: unknown[]) => (await query<{ n: number }>(sql, params))[0]!.n;
  const startWorker = (grace: number) =>
    startChildProcess<Info>(
      CHILD,
      env('worker', { CHILD_SLOW_MS: String(SLOW_MS), SHUTDOWN_GRACE_SECONDS: String(grace) }),
      children,
    );

  /** Issues notes the API cannot send itself (its simulator is closed): each is left to the workers. */
  const issue = async (n: number) => {
    const http = httpClient(api.url, api.testKey);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await http.post('/v1/nfse', nfseBody(api.companyId), {
        headers: { prefer: 'wait=0', 'x-service-simular': 'processamento_lento' },
      });
      expect(res.status, res.text).toBe(202);
      ids.push(res.body.id as string);
    }
    return ids;
  };
  /**
   * Jobs of these notes a worker holds: the API leases a new note's job for its own first attempt too, under lease
   * generation 0; each claim moves the generation, so a lease of generation 1 or more is a worker's.
   */
  const WORKER_HELD = 'FROM transmission_jobs WHERE nfse_id = ANY($1::uuid[]) AND locked_until > now() AND lease >= 1';
  /** Jobs of these notes that any worker may claim now. */
  const due = (ids: string[]) =>
    count(
      'SELECT count(*)::int AS n FROM transmission_jobs WHERE nfse_id = ANY($1::uuid[]) AND run_at <= now() AND locked_until IS NULL',
      [ids],
    );
  const leased = (ids: string[]) =>
    count('SELECT count(*)::int AS n FROM transmission_jobs WHERE nfse_id = ANY($1::uuid[]) AND locked_until > now()', [
      ids,
    ]);

  beforeAll(async () => {
    ({ info: api } = await startChildProcess<Info>(
      CHILD,
      env('api', { CHILD_SEED: '1', CHILD_CLOSE_SIMULATOR: '1' }),
      children,
    ));
  }, 120_000);
  afterAll(async () => cleanUpChildren(children, dataDir, schema), 30_000);

  const all: string[] = [];

  it('a worker stopped with a short grace period releases its jobs and a new one finishes them at once', async () => {
    // Issued before the worker starts, which starts once every job is due (the first backoff, 5 s, after each
    // request's refused attempt; a worker started sooner would claim the first ones alone), so that it holds them
    // all at once, waiting for the slow answers: stop it then.
    const ids = await issue(6);
    all.push(...ids);
    await until(async () => (await due(ids)) === ids.length, 'every job to come due', 30_000);
    const first = await startWorker(1);
    await until(async () => (await leased(ids)) === ids.length, 'the worker to hold every job', 60_000);
    const signalled = Date.now();
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    expect(Date.now() - signalled, 'exit within the grace period (1 s) and the close').toBeLessThan(10_000);
    expect(await leased(ids), 'no lease left behind').toBe(0);
    expect(
      await count("SELECT count(*)::int AS n FROM nfse WHERE id = ANY($1::uuid[]) AND status = 'transmitindo'", [ids]),
    ).toBe(ids.length);

    const restarted = Date.now();
    await startWorker(25);
    await until(
      async () =>
        (await count("SELECT count(*)::int AS n FROM nfse WHERE id = ANY($1::uuid[]) AND status = 'autorizada'", [
          ids,
        ])) === ids.length,
      'every note authorised',
      60_000,
    );
    // Well under the 2-minute lease: the released jobs were claimed at once (and queried, never resent).
    expect(Date.now() - restarted).toBeLessThan(60_000);
  }, 180_000);

  it('a worker stopped with a long grace period finishes the jobs it holds, claims no more, and exits', async () => {
    const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
    const worker = running[running.length - 1]!;
    const ids = await issue(6);
    all.push(...ids);
    // A worker runs one claimed round at a time: stop it while it waits for the first round's answers.
    const workerHeld = async () =>
      (await query<{ id: string }>(`SELECT nfse_id AS id ${WORKER_HELD}`, [ids])).map((r) => r.id);
    await until(async () => (await workerHeld()).length > 0, 'the worker to hold a job', 60_000);
    const held = await workerHeld();
    const signalled = Date.now();
    worker.kill('SIGTERM');
    expect(await exitOf(worker)).toBe(0);
    expect(Date.now() - signalled, 'exit within the grace period (25 s)').toBeLessThan(25_000);
    // What it held it finished itself; what it had not claimed is left, unleased, to the next worker.
    expect(
      await count("SELECT count(*)::int AS n FROM nfse WHERE id = ANY($1::uuid[]) AND status = 'autorizada'", [held]),
    ).toBe(held.length);
    expect(await leased(ids), 'no lease left behind').toBe(0);

    await startWorker(25);
    await until(
      async () =>
        (await count("SELECT count(*)::int AS n FROM nfse WHERE id = ANY($1::uuid[]) AND status = 'autorizada'", [
          ids,
        ])) === ids.length,
      'every note authorised',
      60_000,
    );
  }, 180_000);

  it('every note is authorised exactly once', async () => {
    expect(all).toHaveLength(12);
    const notes = await query<{ id: string; dps_id: string; status: string }>(
      'SELECT id, dps_id, status FROM nfse WHERE id = ANY($1::uuid[])',
      [all],
    );
    expect(notes.map((n) => n.status)).toEqual(all.map(() => 'autorizada'));
    const national = nationalDpsIds(dataDir);
    for (const note of notes)
      expect(
        national.filter((d) => d === note.dps_id),
        `national notes of DPS ${note.dps_id}`,
      ).toHaveLength(1);
    const events = await query<{ nfse: string; n: number }>(
      "SELECT dados->>'id' AS nfse, count(*)::int AS n FROM events WHERE tipo = 'NFSE_AUTORIZADA' AND dados->>'id' = ANY($1) GROUP BY 1",
      [all],
    );
    expect(events).toHaveLength(all.length);
    for (const e of events) expect(e.n, `NFSE_AUTORIZADA events of ${e.nfse}`).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM transmission_jobs WHERE nfse_id = ANY($1::uuid[])', [all])).toBe(
      0,
    );
  });
});
