// Two API processes and one worker (`serve --role api|worker`) on one PostgreSQL + Redis.
// The rate limit and idempotency are shared, no transmission job is done twice, and a worker killed with
// SIGKILL loses nothing: a replacement takes over what it held within 15 s, once its short leases end.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpResponse } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { until } from '../support/wait.js';
import { createCluster, type Member } from '../support/cluster.js';
import { nationalDpsIds } from '../support/child-service.js';

const cluster = createCluster();
// Every process's clock runs ahead to the next clock minute, so that a minute of theirs starts as they do: the
// rate-limit burst falls early in one minute without waiting for the real one to turn.
const OFFSET_MS = 60_000 - (Date.now() % 60_000);
const clusterNow = () => new Date(Date.now() + OFFSET_MS);
const offset = (ms = 0) => ({ CHILD_CLOCK_OFFSET_MS: String(OFFSET_MS + ms) });
let apiA: Member;
let apiB: Member;
let worker: Member;

beforeAll(async () => {
  // API processes give up on the national system after 1.5 s, leaving the note to the worker.
  apiA = await cluster.start('api', { CHILD_SEED: '1', CHILD_NATIONAL_TIMEOUT_MS: '1500', ...offset() });
  [apiB, worker] = await Promise.all([
    cluster.start('api', { CHILD_NATIONAL_TIMEOUT_MS: '1500', ...offset() }),
    cluster.start('worker', offset()),
  ]);
}, 240_000);
afterAll(async () => cluster.stop(), 30_000);

const seed = () => apiA.info as Required<typeof apiA.info>;

describe('two API processes and one worker', () => {
  it('share the rate limit: the 121st request of the minute is refused whichever process takes it', async () => {
    const [a, b] = [httpClient(apiA.info.url, seed().liveKey), httpClient(apiB.info.url, seed().liveKey)];
    // The window is the processes' clock minute: all 120 requests must fall in one. Start early in a minute, 8 at
    // a time; a run that still crossed a boundary (a loaded machine) is repeated in the next minute.
    let statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0 || clusterNow().getSeconds() > 40) await sleep((61 - clusterNow().getSeconds()) * 1000);
      const minute = Math.floor(clusterNow().getTime() / 60_000);
      statuses = [];
      for (let i = 0; i < 120; i += 8) {
        statuses.push(
          ...(
            await Promise.all(Array.from({ length: 8 }, (_, j) => ((i + j) % 2 === 0 ? a : b).get('/v1/companies')))
          ).map((r) => r.status),
        );
      }
      if (Math.floor(clusterNow().getTime() / 60_000) === minute) break;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    for (const client of [a, b]) {
      const refused = await client.get('/v1/companies');
      expect(refused.status, refused.text).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    }
  }, 240_000);

  it('share idempotency: the same key sent to both processes at once gives one note', async () => {
    const body = nfseBody(seed().companyId);
    const headers = { 'idempotency-key': `cluster-${Date.now()}` };
    const answers = await Promise.all(
      [apiA, apiB].map((m) => httpClient(m.info.url, seed().testKey).post('/v1/nfse', body, { headers })),
    );
    const ok = answers.filter((r) => r.status === 201 || r.status === 202);
    expect(ok.length, answers.map((r) => r.text).join('\n')).toBeGreaterThanOrEqual(1);
    // The other waits for the first (or, past ~3 s, is told 409 conflito): never a second note.
    for (const r of answers) expect([201, 202, 409], r.text).toContain(r.status);
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
    const rows = await cluster.query('SELECT id FROM nfse WHERE referencia = $1', [body.referencia]);
    expect(rows).toHaveLength(1);
  }, 60_000);

  it('no job is done twice, and a worker killed with SIGKILL loses nothing: its jobs resume within 15 s', async () => {
    // The replacement is started before the kill and frozen (SIGSTOP) until it, so what is measured is how long the
    // dead worker's leases keep its jobs, not how long a process takes to start.
    const replacement = await cluster.start('worker', offset());
    replacement.child.kill('SIGSTOP');
    // Each API process sends the DPS and gets no answer (scenario timeout): the note is left to the worker,
    // which must query the DPS and recover it, never send it again.
    const issued: HttpResponse[] = [];
    for (let i = 0; i < 6; i++) {
      const api = i % 2 === 0 ? apiA : apiB;
      issued.push(
        await httpClient(api.info.url, seed().testKey).post('/v1/nfse', nfseBody(seed().companyId), {
          headers: { 'x-service-simular': 'timeout', prefer: 'wait=0' },
        }),
      );
    }
    for (const r of issued) expect(r.status, r.text).toBe(202);
    const ids = issued.map((r) => r.body.id as string);
    const dps = issued.map((r) => r.body.dps_id as string);

    // Kill the worker while it holds a lease on a note it has not settled yet, so that the kill lands in the
    // middle of its work. An API process's own attempt is a job's first (`attempts` 1) and a worker's claim counts
    // the next, so a lease with attempts >= 2 is the worker's. The worker is frozen (SIGSTOP) for each look, so
    // what the look finds is exactly what the kill leaves behind.
    const workerHeld = `FROM transmission_jobs j JOIN nfse n ON n.id = j.nfse_id
      WHERE j.nfse_id = ANY($1::uuid[]) AND j.locked_until > now() AND j.attempts >= 2 AND n.status <> 'autorizada'`;
    let left = 0;
    await until(
      async () => {
        worker.child.kill('SIGSTOP');
        left = (await cluster.query(`SELECT count(*)::int AS n ${workerHeld}`, [ids]))[0]!.n as number;
        worker.child.kill(left > 0 ? 'SIGKILL' : 'SIGCONT');
        return left > 0;
      },
      'the worker to claim a job',
      60_000,
    );
    const killedAt = Date.now();
    expect(await worker.exited).toBe('SIGKILL');
    // What the dead worker left: leased jobs of notes still unsettled, which only the replacement can finish.
    const held = await cluster.query<{ id: string; lease: number }>(`SELECT j.id::text AS id, j.lease ${workerHeld}`, [
      ids,
    ]);
    expect(held, 'jobs still leased by the killed worker').toHaveLength(left);

    // The replacement, on the same clock, takes each of them over (a new lease generation, or the job ended)
    // within 15 s of the kill: the dead worker's leases were 6 s from its last heartbeat.
    replacement.child.kill('SIGCONT');
    await until(
      async () => {
        const now = await cluster.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM transmission_jobs j
           JOIN jsonb_to_recordset($1::jsonb) AS h(id uuid, lease int) ON j.id = h.id AND j.lease = h.lease`,
          [JSON.stringify(held)],
        );
        return now[0]!.n === 0;
      },
      "the dead worker's jobs taken over",
      30_000,
    );
    const resumedAfterMs = Date.now() - killedAt;
    expect(resumedAfterMs, `resumed ${resumedAfterMs} ms after the kill`).toBeLessThanOrEqual(15_000);
    await until(
      async () => {
        const rows = await cluster.query(
          "SELECT count(*)::int AS n FROM nfse WHERE id = ANY($1::uuid[]) AND status = 'autorizada'",
          [ids],
        );
        return rows[0]!.n === ids.length;
      },
      'every note authorised',
      120_000,
    );

    const national = nationalDpsIds(cluster.dataDir);
    for (const id of dps)
      expect(
        national.filter((n) => n === id),
        `national notes of DPS ${id}`,
      ).toHaveLength(1);
    const events = await cluster.query<{ nfse: string; n: number }>(
      "SELECT dados->>'id' AS nfse, count(*)::int AS n FROM events WHERE tipo = 'NFSE_AUTORIZADA' AND dados->>'id' = ANY($1) GROUP BY 1",
      [ids],
    );
    expect(events.map((e) => e.n)).toEqual(ids.map(() => 1));
    const sends = await cluster.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM nfse_timeline WHERE nfse_id = ANY($1::uuid[]) AND tipo = 'autorizada'",
      [ids],
    );
    expect(sends[0]!.n).toBe(ids.length);
  }, 360_000);
});
