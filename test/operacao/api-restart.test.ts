// A rolling restart of the api role on PostgreSQL: a request with Prefer: wait=0 is answered 202 while its first
// attempt goes on in the API process, under the job's lease. On SIGTERM the process waits for those attempts
// within its grace period; past it, it releases their jobs and a worker takes them over at once (querying the
// DPS, never resending), not after the 2-minute lease. Every note ends authorised exactly once.
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
// Long enough that every note of a test is still waiting for its answer when the API is stopped, on a loaded machine too.
const SLOW_MS = 10_000;

interface Info {
  url: string;
  pid: number;
  testKey?: string;
  companyId?: string;
}

describe.runIf(process.env.DATABASE_URL)('rolling restart of the api role (PostgreSQL)', () => {
  const schema = `apirestart_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-apirestart-'));
  const masterKey = randomBytes(32).toString('hex');
  const children: ChildProcess[] = [];
  const env = (role: string, extra: Record<string, string> = {}) => ({
    DATABASE_URL: process.env.DATABASE_URL!,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    MASTER_KEY: masterKey,
    DATA_DIR: dataDir,
    CHILD_PG_SCHEMA: schema,
    CHILD_ROLE: role,
    CHILD_SLOW_MS: String(SLOW_MS),
    CAPTURE_TICK_SECONDS: '0',
    ...extra,
  });
  let seed: Info;

  const query = schemaQuery(process.env.DATABASE_URL!, schema);
  const count = async (sql: string, params: unknown[]) => (await query<{ n: number }>(sql, params))[0]!.n;
  const authorised = (ids: string[]) =>
    count("SELECT count(*)::int AS n FROM nfse WHERE id = ANY($1::uuid[]) AND status = 'autorizada'", [ids]);
  const leased = (ids: string[]) =>
    count('SELECT count(*)::int AS n FROM transmission_jobs WHERE nfse_id = ANY($1::uuid[]) AND locked_until > now()', [
      ids,
    ]);
  const issue = async (api: Info, n: number) => {
    const http = httpClient(api.url, seed.testKey);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await http.post('/v1/nfse', nfseBody(seed.companyId), {
        headers: { prefer: 'wait=0', 'x-service-simular': 'processamento_lento' },
      });
      expect(res.status, res.text).toBe(202);
      ids.push(res.body.id as string);
    }
    return ids;
  };

  beforeAll(async () => {
    // A seeding process (its own simulator closed: it transmits nothing), then the worker.
    ({ info: seed } = await startChildProcess<Info>(
      CHILD,
      env('api', { CHILD_SEED: '1', CHILD_CLOSE_SIMULATOR: '1' }),
      children,
    ));
    await startChildProcess<Info>(CHILD, env('worker'), children);
  }, 120_000);
  afterAll(async () => cleanUpChildren(children, dataDir, schema), 30_000);

  const all: string[] = [];

  it('with a short grace period the API releases its first attempts and the worker takes them over at once', async () => {
    const { child, info } = await startChildProcess<Info>(CHILD, env('api', { SHUTDOWN_GRACE_SECONDS: '1' }), children);
    const ids = await issue(info, 4);
    all.push(...ids);
    expect(await leased(ids)).toBe(ids.length);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    // The worker may already hold them again; without the release it could not before the API's leases end.
    const released = Date.now();
    await until(async () => (await authorised(ids)) === ids.length, 'every note authorised by the worker', 60_000);
    expect(Date.now() - released, 'well before the 2-minute lease').toBeLessThan(60_000);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM nfse_timeline WHERE nfse_id = ANY($1::uuid[]) AND tipo = 'consulta_dps'",
        [ids],
      ),
      'taken over by a DPS query',
    ).toBeGreaterThanOrEqual(ids.length);
    // …after the release, not after a failed attempt rescheduled by the stopping API (which would record its `envio`).
    expect(
      await count("SELECT count(*)::int AS n FROM nfse_timeline WHERE nfse_id = ANY($1::uuid[]) AND tipo = 'envio'", [
        ids,
      ]),
    ).toBe(0);
  }, 120_000);

  it('with a long grace period the API finishes its first attempts before exiting', async () => {
    const { child, info } = await startChildProcess<Info>(
      CHILD,
      env('api', { SHUTDOWN_GRACE_SECONDS: '25' }),
      children,
    );
    const ids = await issue(info, 4);
    all.push(...ids);
    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(25_000);
    expect(await authorised(ids)).toBe(ids.length);
  }, 120_000);

  it('every note is authorised exactly once', async () => {
    const notes = await query<{ dps_id: string }>('SELECT dps_id FROM nfse WHERE id = ANY($1::uuid[])', [all]);
    expect(notes).toHaveLength(8);
    const national = nationalDpsIds(dataDir);
    for (const note of notes)
      expect(
        national.filter((d) => d === note.dps_id),
        `national notes of DPS ${note.dps_id}`,
      ).toHaveLength(1);
    const events = await query<{ n: number }>(
      "SELECT count(*)::int AS n FROM events WHERE tipo = 'NFSE_AUTORIZADA' AND dados->>'id' = ANY($1) GROUP BY dados->>'id'",
      [all],
    );
    expect(events.map((e) => e.n)).toEqual(all.map(() => 1));
    expect(await count('SELECT count(*)::int AS n FROM transmission_jobs WHERE nfse_id = ANY($1::uuid[])', [all])).toBe(
      0,
    );
  });
});
