import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { sweep } from '../../src/worker/periodic-tasks.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { eventsOfNote } from '../support/eventos.js';
import { expectProblem, expectStatus } from '../support/http.js';
import { steps } from '../support/nfse.js';
import { nationalNotes as nationalNotesOf } from '../support/simulator.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { firstAttemptOver } from '../support/abrasf-calls.js';

// Time is a FakeClock and no background worker runs: the test moves time and runs due jobs itself.
const clock = new FakeClock('2026-11-02T12:00:00Z');
let k: NationalApiKit;
beforeAll(async () => {
  // The timeout scenario waits this long for an answer that never comes; processamento_lento answers well before it.
  k = await startKit({ clock, worker: false, nationalTimeoutMs: 2_000, simulatorDelays: { slowMs: 500 } });
});
afterAll(() => k?.close());
// A fresh clock minute per test keeps the per-key rate limit (120 per clock minute) out of the way.
beforeEach(() => clock.advance(MINUTE));

const engine = () => k.t.app.engine;
const sim = () => k.t.app.simulator;
const get = async (id: string) => expectStatus(await k.http.get(`/v1/nfse/${id}`), 200);

async function advanceAndDrain(ms: number) {
  clock.advance(ms);
  await drainJobs(engine());
}

/** Notes at the national side for this DPS. */
const nationalNotes = (idDps: string) => nationalNotesOf(sim(), idDps);

describe('recovery through the API (X-Service-Simular)', () => {
  it('timeout: 202, then the DPS is queried before any resend and the note is recovered — one note at the national side', async () => {
    const created = expectStatus(await k.issue({ simular: 'timeout', wait: 0 }), 202);
    expect(created.status).toBe('transmitindo');
    await firstAttemptOver(engine(), created.id);
    // The DPS reached the national side even though no answer came back.
    expect(await nationalNotes(created.dps_id)).toHaveLength(1);
    const waiting = await get(created.id);
    expect(waiting.eventos.find((e: { tipo: string }) => e.tipo === 'envio')?.detalhe).toMatchObject({
      resultado: 'sem_resposta',
    });

    await advanceAndDrain(5_000);
    const note = await get(created.id);
    expect(note.status).toBe('autorizada');
    expect(steps(note)).toEqual(['criada', 'envio', 'consulta_dps', 'recuperada', 'autorizada']);
    const national = await nationalNotes(created.dps_id);
    expect(national).toHaveLength(1);
    expect(national[0]!.chave).toBe(note.chave_acesso);
    expect(await eventsOfNote(k.http, created.id, 'NFSE_AUTORIZADA')).toHaveLength(1);
  });

  it('indisponibilidade: the outage is retried with backoff and the note is authorised', async () => {
    const created = expectStatus(await k.issue({ simular: 'indisponibilidade', wait: 0 }), 202);
    await firstAttemptOver(engine(), created.id);
    await advanceAndDrain(5_000);
    expect((await get(created.id)).status).toBe('transmitindo');
    await advanceAndDrain(15_000);
    const note = await get(created.id);
    expect(note.status).toBe('autorizada');
    const envios = note.eventos
      .filter((e: { tipo: string }) => e.tipo === 'envio')
      .map((e: { detalhe: { resultado: string } }) => e.detalhe.resultado);
    expect(envios).toEqual(['indisponivel', 'indisponivel', 'autorizada']);
    expect(await nationalNotes(created.dps_id)).toHaveLength(1);
  });

  it('falha_transmissao: the outcome cannot be learnt → falha_transmissao with dps_enviada desconhecido', async () => {
    const created = expectStatus(await k.issue({ simular: 'falha_transmissao', wait: 0 }), 202);
    await firstAttemptOver(engine(), created.id);
    await advanceAndDrain(5_000);
    const note = await get(created.id);
    expect(note.status).toBe('falha_transmissao');
    expect(note.falha.dps_enviada).toBe('desconhecido');
    expect(await eventsOfNote(k.http, created.id, 'NFSE_FALHA_TRANSMISSAO')).toHaveLength(1);
  });

  it('falha_transmissao:nao: refused before processing → 422 falha_transmissao with dps_enviada nao, nothing at the national side', async () => {
    const problem = expectProblem(await k.issue({ simular: 'falha_transmissao:nao' }), 422, 'falha_transmissao');
    expect(problem.nfse.status).toBe('falha_transmissao');
    expect(problem.nfse.falha.dps_enviada).toBe('nao');
    expect(await nationalNotes(problem.nfse.dps_id)).toHaveLength(0);
  });

  it('rejeitar:E0310 → 422 nfse_rejeitada with codigo_oficial and rejeicao.explicacao', async () => {
    const problem = expectProblem(await k.issue({ simular: 'rejeitar:E0310' }), 422, 'nfse_rejeitada');
    expect(problem.codigo_oficial).toBe('E0310');
    expect(problem.nfse.status).toBe('rejeitada');
    expect(problem.nfse.rejeicao.codigo_oficial).toBe('E0310');
    expect(problem.nfse.rejeicao.explicacao).toMatch(/Como corrigir/);
    expect(await eventsOfNote(k.http, problem.nfse.id, 'NFSE_REJEITADA')).toHaveLength(1);
  });

  it('processamento_lento: 202 within the wait, then autorizada when the slow answer arrives (no recovery needed)', async () => {
    const created = expectStatus(await k.issue({ simular: 'processamento_lento', wait: 0 }), 202);
    await firstAttemptOver(engine(), created.id);
    const note = await get(created.id);
    expect(note.status).toBe('autorizada');
    expect(steps(note)).toEqual(['criada', 'envio', 'autorizada']);
  });

  it('competencia_encerrada: aguardando_confirmacao + event; confirmacao sends it back to transmission → autorizada', async () => {
    const created = expectStatus(await k.issue({ simular: 'competencia_encerrada', wait: 0 }), 202);
    await firstAttemptOver(engine(), created.id);
    await advanceAndDrain(5_000);
    const waiting = await get(created.id);
    expect(waiting.status).toBe('aguardando_confirmacao');
    expect(await eventsOfNote(k.http, created.id, 'NFSE_AGUARDANDO_CONFIRMACAO')).toHaveLength(1);
    // Nothing is transmitted until the caller decides.
    await advanceAndDrain(HOUR_MS);
    expect((await get(created.id)).status).toBe('aguardando_confirmacao');

    const confirmed = expectStatus(await k.http.post(`/v1/nfse/${created.id}/confirmacao`, {}), 200);
    expect(confirmed.status).toBe('transmitindo');
    // The hour spent waiting for the caller does not count towards the 30-minute warning.
    await sweep(engine());
    expect((await get(created.id)).aviso).toBeNull();
    await drainJobs(engine());
    const note = await get(created.id);
    expect(note.status).toBe('autorizada');
    expect(steps(note)).toEqual(
      expect.arrayContaining(['aguardando_confirmacao', 'confirmada', 'consulta_dps', 'autorizada']),
    );
    expect(await nationalNotes(created.dps_id)).toHaveLength(1);

    // Confirmation of a note in any other status.
    const again = expectProblem(
      await k.http.post(`/v1/nfse/${created.id}/confirmacao`, {}),
      409,
      'nfse_nao_aguarda_confirmacao',
    );
    expect(again.retentavel).toBe(false);
  });

  it('a warned note that is then recovered loses its warning (aviso describes a note still in transmission)', async () => {
    const created = expectStatus(await k.issue({ simular: 'timeout', wait: 0 }), 202);
    await firstAttemptOver(engine(), created.id);
    clock.advance(31 * MINUTE);
    await sweep(engine());
    expect((await get(created.id)).aviso?.codigo).toBe('processamento_prolongado');
    await drainJobs(engine());
    const note = await get(created.id);
    expect(note.status).toBe('autorizada');
    expect(note.aviso).toBeNull();
    expect(await eventsOfNote(k.http, created.id, 'NFSE_PROCESSAMENTO_PROLONGADO')).toHaveLength(1);
  });

  it('30 minutes in transmission → aviso processamento_prolongado and one NFSE_PROCESSAMENTO_PROLONGADO; 7 days → falha_transmissao', async () => {
    sim().startOutage({ ms: 30 * DAY });
    try {
      const created = expectStatus(await k.issue({ wait: 0 }), 202);
      await firstAttemptOver(engine(), created.id);
      await advanceAndDrain(29 * MINUTE);
      await sweep(engine());
      expect((await get(created.id)).aviso).toBeNull();

      await advanceAndDrain(2 * MINUTE);
      await sweep(engine());
      await advanceAndDrain(MINUTE);
      await sweep(engine());
      const warned = await get(created.id);
      expect(warned.status).toBe('transmitindo');
      expect(warned.aviso).toMatchObject({ codigo: 'processamento_prolongado', desde: created.criada_em });
      expect(await eventsOfNote(k.http, created.id, 'NFSE_PROCESSAMENTO_PROLONGADO')).toHaveLength(1);

      await advanceAndDrain(7 * DAY);
      const failed = await get(created.id);
      expect(failed.status).toBe('falha_transmissao');
      // Every send got a 503 (refused before processing): issuing again is safe.
      expect(failed.falha.dps_enviada).toBe('nao');
      expect(await eventsOfNote(k.http, created.id, 'NFSE_FALHA_TRANSMISSAO')).toHaveLength(1);
      expect(await eventsOfNote(k.http, created.id, 'NFSE_PROCESSAMENTO_PROLONGADO')).toHaveLength(1);
    } finally {
      sim().startOutage({ calls: 0 });
    }
  });

  it('the competence closes by Brasília time: a retry at 22:00 on 30 November (01:00 UTC, 1 December) still transmits', async () => {
    clock.set('2026-12-01T01:00:00Z');
    const created = expectStatus(await k.issue({ simular: 'indisponibilidade', wait: 0 }), 202);
    expect(created.competencia).toBe('2026-11');
    await firstAttemptOver(engine(), created.id);
    await advanceAndDrain(5_000);
    await advanceAndDrain(15_000);
    expect((await get(created.id)).status).toBe('autorizada');
    // Once the month is over in Brasília too, a retry asks for confirmation instead.
    clock.set('2026-12-01T02:50:00Z');
    const late = expectStatus(
      await k.issue({ simular: 'indisponibilidade', wait: 0, body: { competencia: '2026-11' } }),
      202,
    );
    await firstAttemptOver(engine(), late.id);
    clock.set('2026-12-01T03:01:00Z');
    await drainJobs(engine());
    expect((await get(late.id)).status).toBe('aguardando_confirmacao');
  });
});

const HOUR_MS = 60 * MINUTE;
