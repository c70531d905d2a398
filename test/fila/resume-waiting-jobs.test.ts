// Jobs an outage of the national system pushed back are due again as soon as a later call to that system gets an
// answer, instead of waiting out their backoff; jobs waiting for another system, dead jobs and leased jobs are
// left as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { expectStatus } from '../support/http.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { waitFor } from '../support/wait.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let k: NationalApiKit;
beforeAll(async () => {
  k = await startKit({ clock, worker: false, random: () => 0 });
});
afterAll(() => k?.close());

const engine = () => k.t.app.engine;
const jobOf = (nfseId: string) => engine().db.transmissionJob.findFirstOrThrow({ where: { nfseId } });

/** A note whose request's send met the outage: its job is back in the queue, due after its backoff. */
async function failedByOutage(): Promise<string> {
  const { id } = expectStatus(await k.issue({ wait: 0 }), 202);
  await waitFor(async () => (await jobOf(id)).lockedUntil === null, 'the first attempt to end');
  return id;
}

describe('an authority that answers again', () => {
  it('brings forward the jobs its outage pushed back, and only those', async () => {
    k.t.app.simulator.startOutage({ calls: 4 });
    const [waiting, dead, leased, elsewhere] = [
      await failedByOutage(),
      await failedByOutage(),
      await failedByOutage(),
      await failedByOutage(),
    ];
    const backoffEnd = new Date(clock.now().getTime() + 5_000);
    expect((await jobOf(waiting)).runAt).toEqual(backoffEnd);

    const db = engine().db;
    await db.transmissionJob.updateMany({ where: { nfseId: dead }, data: { deadAt: clock.now(), deadReason: 'x' } });
    const lease = new Date(clock.now().getTime() + 60_000);
    await db.transmissionJob.updateMany({ where: { nfseId: leased }, data: { lockedUntil: lease } });
    await db.transmissionJob.updateMany({
      where: { nfseId: elsewhere },
      data: { payload: { failures: 1, waitingFor: 'nfse:sao_paulo:live' } },
    });

    // The outage is over; a second later a new note's send is answered (authorised).
    clock.advance(1_000);
    const answered = expectStatus(await k.issue({ wait: 5 }), 201);
    expect(answered.status).toBe('autorizada');

    expect((await jobOf(waiting)).runAt).toEqual(clock.now());
    expect((await jobOf(dead)).runAt).toEqual(backoffEnd);
    expect(await jobOf(leased)).toMatchObject({ runAt: backoffEnd, lockedUntil: lease });
    expect((await jobOf(elsewhere)).runAt).toEqual(backoffEnd);

    // Due now: the worker sends it without waiting for the rest of its backoff.
    await drainJobs(engine());
    expect(expectStatus(await k.http.get(`/v1/nfse/${waiting}`), 200).status).toBe('autorizada');
    expect(await db.transmissionJob.count({ where: { nfseId: waiting } })).toBe(0);
  });
});
