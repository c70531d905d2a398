// A job's lease is short and renewed by its runner's heartbeat: a job slower than the lease stays its runner's,
// and a runner that lost its lease (it stopped renewing, another worker claimed the job) writes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimJobs } from '../../src/engine/fila/claim-jobs.js';
import { FakeClock, HOUR, MINUTE } from '../../src/engine/nucleo/clock.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { eventsOfNote } from '../support/eventos.js';
import { expectStatus } from '../support/http.js';
import { gatedNational } from '../support/gated-national.js';
import { nationalNotes } from '../support/simulator.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { waitFor } from '../support/wait.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let k: NationalApiKit;
beforeAll(async () => {
  k = await startKit({
    clock,
    worker: false,
    env: { JOB_LEASE_SECONDS: '2', JOB_HEARTBEAT_SECONDS: '0.2' },
  });
});
afterAll(() => k?.close());
beforeEach(() => clock.advance(MINUTE));

const engine = () => k.t.app.engine;
const jobOf = (nfseId: string) => engine().db.transmissionJob.findFirstOrThrow({ where: { nfseId } });

/**
 * A note whose outage (two 503s: the request's attempt and a worker's) is over: its job is due, and the next send
 * is authorised.
 */
async function noteForTheWorker(): Promise<{ id: string; dps_id: string }> {
  const created = expectStatus(await k.issue({ simular: 'indisponibilidade', wait: 0 }), 202);
  await waitFor(async () => (await jobOf(created.id)).lockedUntil === null, 'the first attempt to end');
  clock.advance(5_000);
  await drainJobs(engine());
  clock.advance(15_000);
  return created;
}

describe('job leases', () => {
  it('a job slower than its lease is renewed by the heartbeat: a second worker does not take it', async () => {
    const note = await noteForTheWorker();
    const gated = await gatedNational(engine().national);
    const running = drainJobs({ ...engine(), national: gated.national });
    await waitFor(async () => gated.arrived > 0, 'the worker to call the national system');
    const claimed = await jobOf(note.id);

    // Far past any lease the claim gave (the old one was 2 minutes): only a renewal keeps the job this worker's.
    clock.advance(3 * MINUTE);
    await waitFor(
      async () => ((await jobOf(note.id)).lockedUntil?.getTime() ?? 0) > clock.now().getTime(),
      'the heartbeat to renew the lease',
      5_000,
    );
    expect(await claimJobs(engine(), 10)).toEqual([]);
    expect((await jobOf(note.id)).lease).toBe(claimed.lease);

    gated.open();
    await running;
    await gated.close();
    const done = expectStatus(await k.http.get(`/v1/nfse/${note.id}`), 200);
    expect(done.status).toBe('autorizada');
    expect(await nationalNotes(k.t.app.simulator, note.dps_id)).toHaveLength(1);
  });

  it('a runner that lost its lease writes nothing: the worker that took the job over settles the note', async () => {
    const note = await noteForTheWorker();
    // The first runner stops renewing (a frozen process): no heartbeat holds its lease.
    const first = await gatedNational(engine().national);
    const stale = drainJobs({ ...engine(), national: first.national, leases: undefined });
    await waitFor(async () => first.arrived > 0, 'the first runner to call the national system');

    clock.advance(3 * MINUTE);
    const second = await gatedNational(engine().national);
    const takeover = drainJobs({ ...engine(), national: second.national });
    await waitFor(async () => second.arrived > 0, 'the second runner to call the national system');

    // The first runner's send arrives and is authorised at the national side; its lease is gone, so the note
    // stays as the job's current runner holds it.
    first.open();
    await stale;
    expect(await nationalNotes(k.t.app.simulator, note.dps_id)).toHaveLength(1);
    const meanwhile = expectStatus(await k.http.get(`/v1/nfse/${note.id}`), 200);
    expect(meanwhile.status).toBe('transmitindo');
    expect(await eventsOfNote(k.http, note.id, 'NFSE_AUTORIZADA')).toHaveLength(0);

    second.open();
    await takeover;
    await Promise.all([first.close(), second.close()]);
    // The scenario's outage also answers the first reads of the note by its key (503): the job retries them.
    for (let i = 0; i < 3; i++) {
      clock.advance(HOUR);
      await drainJobs(engine());
    }
    const done = expectStatus(await k.http.get(`/v1/nfse/${note.id}`), 200);
    expect(done.status).toBe('autorizada');
    expect(done.eventos.map((e: { tipo: string }) => e.tipo)).toContain('recuperada');
    expect(await nationalNotes(k.t.app.simulator, note.dps_id)).toHaveLength(1);
    expect(await eventsOfNote(k.http, note.id, 'NFSE_AUTORIZADA')).toHaveLength(1);
    expect(await engine().db.transmissionJob.count({ where: { nfseId: note.id } })).toBe(0);
  });
});
