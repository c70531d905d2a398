// The one writer of a note's authorisation (authorize-held-notes.ts): a note changed after its runner read it is
// authorised from its stored row, and a note no longer transmitting is left as it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { authorizeHeldNotes } from '../../src/engine/nfse/transmissao/authorize-held-notes.js';
import { updateNote } from '../../src/engine/nfse/update-note.js';
import { eventsOfNote } from '../support/eventos.js';
import { expectStatus } from '../support/http.js';
import { steps } from '../support/nfse.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { waitFor } from '../support/wait.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let k: NationalApiKit;
beforeAll(async () => {
  k = await startKit({ clock, worker: false, nationalTimeoutMs: 1_000 });
});
afterAll(() => k?.close());

const engine = () => k.t.app.engine;

describe('authorizeHeldNotes', () => {
  it('authorises a note changed since it was read from its stored row; a settled note is left as it is', async () => {
    const created = expectStatus(await k.issue({ simular: 'timeout', wait: 0 }), 202);
    await waitFor(async () => {
      const job = await engine().db.transmissionJob.findFirst({ where: { nfseId: created.id } });
      return job?.lockedUntil === null;
    }, 'first attempt over');
    const held = await engine().db.nfse.findUniqueOrThrow({ where: { id: created.id }, include: { timeline: true } });
    const job = await engine().db.transmissionJob.findFirstOrThrow({ where: { nfseId: created.id } });
    // Another writer moves the note after its runner read it.
    clock.advance(1_000);
    await updateNote(engine(), created.id, { timeline: [{ tipo: 'processamento_prolongado' }] });
    clock.advance(1_000);
    const item = {
      job,
      note: held,
      nfse: { chave: '1'.repeat(50), numero: '77', xml: '<NFSe/>' },
      steps: [{ tipo: 'consulta_dps', detalhe: { resultado: 'encontrada' } }],
    };

    const [authorized] = await authorizeHeldNotes(engine(), [item]);
    expect(authorized?.status).toBe('autorizada');
    const note = expectStatus(await k.http.get(`/v1/nfse/${created.id}`), 200);
    expect(note.status).toBe('autorizada');
    expect(note.numero).toBe('77');
    expect(steps(note)).toEqual(['criada', 'envio', 'processamento_prolongado', 'consulta_dps', 'autorizada']);
    const events = await eventsOfNote(k.http, created.id, 'NFSE_AUTORIZADA');
    expect(events).toHaveLength(1);
    expect(events[0]!.dados).toEqual(note);
    expect(await engine().db.transmissionJob.count({ where: { id: job.id } })).toBe(0);

    const [again] = await authorizeHeldNotes(engine(), [item]);
    expect(again).toBeNull();
    expect(await eventsOfNote(k.http, created.id, 'NFSE_AUTORIZADA')).toHaveLength(1);
  });
});
