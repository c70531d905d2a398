// A job that keeps failing backs off exponentially with jitter (from the injected random source), and after
// JOB_MAX_ATTEMPTS it is dead: its note `falha_transmissao` with the reason, never claimed again, counted by
// /metrics and listed for operators, who can retry it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDeadJobs } from '../../src/engine/fila/list-dead-jobs.js';
import { FakeClock, HOUR } from '../../src/engine/nucleo/clock.js';
import { retryDeadNfse } from '../../src/engine/nfse/transmissao/retry-dead-nfse.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { eventsOfNote } from '../support/eventos.js';
import { expectStatus } from '../support/http.js';
import { nationalNotes } from '../support/simulator.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { waitFor } from '../support/wait.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const clock = new FakeClock('2026-11-02T12:00:00Z');
let k: NationalApiKit;
beforeAll(async () => {
  k = await startKit({
    clock,
    worker: false,
    random: () => 0.4,
    env: { JOB_MAX_ATTEMPTS: '3', METRICS_TOKEN: TOKEN },
    // The request's own send meets the note's outage (one 503), the worker's a global one (startOutage).
    simulatorDelays: { unavailableCalls: 1 },
  });
});
afterAll(() => k?.close());

const engine = () => k.t.app.engine;
const jobOf = (nfseId: string) => engine().db.transmissionJob.findFirstOrThrow({ where: { nfseId } });
const waitMs = async (nfseId: string) => (await jobOf(nfseId)).runAt.getTime() - clock.now().getTime();

async function deadJobsGauge(): Promise<number> {
  const res = await fetch(`${k.t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await res.text();
  const line = text.split('\n').find((l) => l.startsWith('fiscal_transmission_jobs{state="dead"'));
  return Number(line?.split(' ')[1]);
}

describe('a job that always fails', () => {
  let id: string;
  let dpsId: string;

  it('backs off with jitter, then dies after JOB_MAX_ATTEMPTS: falha_transmissao with the reason, counted', async () => {
    const created = expectStatus(await k.issue({ simular: 'indisponibilidade', wait: 0 }), 202);
    ({ id, dps_id: dpsId } = created);
    await waitFor(async () => (await jobOf(id)).lockedUntil === null, 'the first attempt to end');
    // The national system stays down for the worker's two attempts: every one of the three sends gets a 503.
    k.t.app.simulator.startOutage({ calls: 2 });

    // Each wait is its step less the jitter: random 0.4 takes 0.4 × half the step off (5 s, 15 s, 30 s steps).
    expect(await jobOf(id)).toMatchObject({ attempts: 1, deadAt: null });
    expect(await waitMs(id)).toBe(5_000 - 1_000);
    clock.advance(3_999);
    await drainJobs(engine());
    expect((await jobOf(id)).attempts).toBe(1);
    clock.advance(1);
    await drainJobs(engine());
    expect((await jobOf(id)).attempts).toBe(2);
    expect(await waitMs(id)).toBe(15_000 - 3_000);
    clock.advance(12_000);
    await drainJobs(engine());
    expect((await jobOf(id)).attempts).toBe(3);
    expect(await waitMs(id)).toBe(30_000 - 6_000);

    // The claim after the third attempt finds them spent.
    clock.advance(24_000);
    await drainJobs(engine());
    const dead = await jobOf(id);
    expect(dead.deadAt).toEqual(clock.now());
    expect(dead.deadReason).toBe('A transmissão desistiu após 3 tentativas.');
    expect(dead.attempts).toBe(3);
    const note = expectStatus(await k.http.get(`/v1/nfse/${id}`), 200);
    expect(note.status).toBe('falha_transmissao');
    expect(note.falha).toEqual({ dps_enviada: 'nao', motivo: 'A transmissão desistiu após 3 tentativas.' });
    const [event] = await eventsOfNote(k.http, id, 'NFSE_FALHA_TRANSMISSAO');
    expect(event.dados.falha.motivo).toBe('A transmissão desistiu após 3 tentativas.');

    // Never claimed again on its own.
    clock.advance(24 * HOUR);
    await drainJobs(engine());
    expect(await jobOf(id)).toMatchObject({ attempts: 3, lockedUntil: null });
    expect(await deadJobsGauge()).toBe(1);
    expect(await listDeadJobs(engine(), { accountId: k.account.accountId, environment: 'test' })).toEqual([
      {
        id: dead.id,
        documento: 'nfse',
        documento_id: id,
        referencia: note.referencia ?? null,
        tentativas: 3,
        desistiu_em: dead.deadAt!.toISOString(),
        motivo: 'A transmissão desistiu após 3 tentativas.',
      },
    ]);
  });

  it('an operator retry puts the note back in transmission; the next attempt authorises it', async () => {
    const job = await jobOf(id);
    const retried = await retryDeadNfse(engine(), job.id);
    expect(retried.status).toBe('transmitindo');
    expect(await jobOf(id)).toMatchObject({ deadAt: null, deadReason: null, attempts: 0 });
    await expect(retryDeadNfse(engine(), job.id)).rejects.toMatchObject({ codigo: 'nao_encontrado' });

    // The retry queries the DPS first (a send may have arrived); the scenario's outage answers that query's first
    // call with a 503 too, and the job retries it after its backoff.
    await drainJobs(engine());
    clock.advance(5_000);
    await drainJobs(engine());
    const note = expectStatus(await k.http.get(`/v1/nfse/${id}`), 200);
    expect(note.status).toBe('autorizada');
    expect(note.falha).toBeNull();
    expect(note.eventos.map((e: { tipo: string }) => e.tipo)).toContain('nova_tentativa');
    expect(await nationalNotes(k.t.app.simulator, dpsId)).toHaveLength(1);
    expect(await engine().db.transmissionJob.count({ where: { nfseId: id } })).toBe(0);
    clock.advance(HOUR);
    expect(await deadJobsGauge()).toBe(0);
  });
});
