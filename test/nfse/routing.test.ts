import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { createSimulator, type Simulator } from '../../src/simulator/nacional/create-simulator.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { expectProblem, expectStatus } from '../support/http.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { waitFor } from '../support/wait.js';

// NATIONAL_API_URL_TEST points at a "remote" national system (a second simulator standing in for Sefin's
// homologação). Notes without a scenario go there; notes with a scenario never leave the in-process simulator.
const clock = new FakeClock('2026-11-02T12:00:00Z');
let remote: Simulator;
let k: NationalApiKit;
beforeAll(async () => {
  remote = createSimulator({ clock: () => clock.now() });
  const url = await remote.listen(0);
  k = await startKit({
    clock,
    worker: false,
    nationalTimeoutMs: 4_000,
    env: { NATIONAL_API_URL_TEST: `${url}/SefinNacional` },
  });
});
afterAll(async () => {
  await k?.close();
  await remote?.close();
});
beforeEach(() => clock.advance(MINUTE));

const local = () => k.t.app.simulator;
const cancel = (id: string, simular?: string) =>
  k.http.post(
    `/v1/nfse/${id}/cancelamento`,
    { codigo_motivo: '1', motivo: 'Erro no valor do serviço' },
    { headers: simular ? { 'x-service-simular': simular } : {} },
  );

describe('gateway routing with NATIONAL_API_URL_TEST configured', () => {
  it('a note without a scenario is issued and cancelled at the configured national system', async () => {
    const note = expectStatus(await k.issue(), 201);
    expect(remote.countNotesByDps(note.dps_id)).toBe(1);
    expect(local().countNotesByDps(note.dps_id)).toBe(0);
    // A scenario on the cancellation stays on the in-process simulator, which does not know the note (E1831):
    // the remote system never sees a simulated call.
    const refused = expectProblem(await cancel(note.id, 'rejeitar'), 422, 'cancelamento_recusado');
    expect(refused.codigo_oficial).toBe('E1831');
    expect(remote.note(note.chave_acesso)?.status).toBe('autorizada');
    expect(expectStatus(await cancel(note.id), 200).status).toBe('cancelada');
    expect(remote.note(note.chave_acesso)?.status).toBe('cancelada');
  });

  it('a note with a scenario stays on the simulator through issuance, confirmation and cancellation', async () => {
    const created = expectStatus(await k.issue({ simular: 'competencia_encerrada', wait: 0 }), 202);
    await waitFor(
      async () =>
        (await k.t.app.engine.db.transmissionJob.findFirst({ where: { nfseId: created.id } }))?.lockedUntil === null,
      'first attempt',
    );
    clock.advance(5_000);
    await drainJobs(k.t.app.engine);
    expect((await k.http.get(`/v1/nfse/${created.id}`)).body.status).toBe('aguardando_confirmacao');
    expectStatus(await k.http.post(`/v1/nfse/${created.id}/confirmacao`, {}), 200);
    await drainJobs(k.t.app.engine);
    const note = expectStatus(await k.http.get(`/v1/nfse/${created.id}`), 200);
    expect(note.status).toBe('autorizada');
    expect(local().countNotesByDps(note.dps_id)).toBe(1);
    expect(remote.countNotesByDps(note.dps_id)).toBe(0);

    expect(expectStatus(await cancel(note.id), 200).status).toBe('cancelada');
    expect(local().note(note.chave_acesso)?.status).toBe('cancelada');
    expect(remote.notes()).toHaveLength(1); // only the note of the first test
  });
});
