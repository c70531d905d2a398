import { beforeAll, describe, expect, it } from 'vitest';
import { DAY, FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import {
  descarteDates,
  discardForgottenNotes,
  runNfeDiscardsIfDue,
} from '../../src/engine/nfe/discard-forgotten-notes.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { httpClient } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { NFE_COMPANY, nfeBody } from '../support/nfe-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

// Notes are created on 2026-11-02 (Brasília): the legal deadline of their numbers is 2026-12-10.
const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let companyId: string;
let seq = 0;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock, worker: false }),
);
beforeAll(async () => {
  companyId = (await acct.company(NFE_COMPANY)).id;
});

const sandbox = () => httpClient(t.url, acct.testKey);
const issue = (simular: string) =>
  sandbox().post('/v1/nfe', nfeBody({ empresa_id: companyId, referencia: `DESC-${++seq}` }), {
    headers: { 'x-service-simular': simular },
  });
const eventsOf = async (tipo: string, id: string) =>
  (await t.app.engine.db.event.findMany({ where: { accountId: acct.accountId, tipo }, orderBy: { seq: 'asc' } }))
    .map((e) => e.dados as Record<string, unknown>)
    .filter((d) => d.id === id);

describe('legal voiding deadline (Ajuste SINIEF 07/05: until the 10th of the next month, Brasília time)', () => {
  it('discards on the 9th and warns on the 6th of the month after the creation month', () => {
    expect(descarteDates(new Date('2026-11-02T12:00:00Z'))).toEqual({
      prazo: '2026-12-10',
      descarteEm: new Date('2026-12-09T03:00:00Z'),
      avisoEm: new Date('2026-12-06T03:00:00Z'),
    });
    // 23:30 on 30 November in Brasília is already December in UTC: still a November number.
    expect(descarteDates(new Date('2026-12-01T02:30:00Z')).prazo).toBe('2026-12-10');
    expect(descarteDates(new Date('2026-12-31T12:00:00Z')).prazo).toBe('2027-01-10');
  });
});

describe('forgotten rejected NF-e', () => {
  it('NFE_DESCARTE_PROXIMO once, 3 days before; then descartada with its number voided and NFE_DESCARTADA', async () => {
    const rejected = (await issue('rejeitar:233')).body.nfe;
    expect(rejected.status).toBe('rejeitada');

    clock.set('2026-12-06T02:59:00Z');
    expect(await discardForgottenNotes(t.app.engine)).toEqual({ avisadas: 0, descartadas: 0 });
    // A note rejected in December is not due for anything yet.
    const recent = (await issue('rejeitar:233')).body.nfe;

    clock.set('2026-12-06T03:00:00Z');
    expect(await discardForgottenNotes(t.app.engine)).toEqual({ avisadas: 1, descartadas: 0 });
    expect(await discardForgottenNotes(t.app.engine)).toEqual({ avisadas: 0, descartadas: 0 });
    expect(await eventsOf('NFE_DESCARTE_PROXIMO', rejected.id)).toEqual([
      expect.objectContaining({
        status: 'rejeitada',
        descarte_em: '2026-12-09T03:00:00.000Z',
        prazo_inutilizacao: '2026-12-10',
      }),
    ]);

    clock.set('2026-12-09T03:00:00Z');
    expect(await discardForgottenNotes(t.app.engine)).toEqual({ avisadas: 0, descartadas: 1 });
    expect((await sandbox().get(`/v1/nfe/${rejected.id}`)).body.status).toBe('descartada');
    expect((await sandbox().get(`/v1/nfe/${recent.id}`)).body.status).toBe('rejeitada');
    const list = await sandbox().get('/v1/nfe/inutilizacoes');
    expect(list.body.dados).toEqual([
      expect.objectContaining({
        nfe_id: rejected.id,
        numero_inicial: rejected.numero,
        numero_final: rejected.numero,
        status: 'homologada',
      }),
    ]);
    expect(await eventsOf('NFE_DESCARTADA', rejected.id)).toHaveLength(1);
    expect(await eventsOf('NFE_DESCARTE_PROXIMO', rejected.id)).toHaveLength(1);
  });

  it('runs every 6 hours on the injectable clock, whichever worker asks', async () => {
    clock.set('2027-02-01T00:00:00Z');
    expect(await runNfeDiscardsIfDue(t.app.engine)).not.toBeNull();
    clock.advance(6 * 60 * MINUTE - MINUTE);
    expect(await runNfeDiscardsIfDue(t.app.engine)).toBeNull();
    clock.advance(MINUTE);
    expect(await runNfeDiscardsIfDue(t.app.engine)).not.toBeNull();
  });
});

describe('give-up of aguardando_confirmacao', () => {
  it('after 7 days of queries the job ends; the note stays aguardando_confirmacao with aviso confirmacao_esgotada', async () => {
    clock.set('2027-03-01T12:00:00Z');
    const sefaz = t.app.engine.sefaz;
    // Every answer is lost and the authority never has the note (217): recovery can only keep asking.
    t.app.engine.sefaz = { ...sefaz, authorize: async () => null };
    try {
      const res = await issue('autorizar');
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ status: 'aguardando_confirmacao', aviso: null });
      clock.advance(DAY);
      expect(await drainJobs(t.app.engine)).toBe(1);
      expect(await t.app.engine.db.transmissionJob.count({ where: { nfeId: res.body.id } })).toBe(1);
      expect((await sandbox().get(`/v1/nfe/${res.body.id}`)).body.aviso).toBeNull();

      clock.advance(6 * DAY);
      expect(await drainJobs(t.app.engine)).toBe(1);
      expect(await t.app.engine.db.transmissionJob.count({ where: { nfeId: res.body.id } })).toBe(0);
      const got = await sandbox().get(`/v1/nfe/${res.body.id}`);
      expect(got.body).toMatchObject({
        status: 'aguardando_confirmacao',
        aviso: { codigo: 'confirmacao_esgotada', desde: clock.now().toISOString() },
      });
      const listed = await sandbox().get('/v1/nfe?status=aguardando_confirmacao');
      expect(listed.body.dados.map((n: { id: string }) => n.id)).toContain(res.body.id);
    } finally {
      t.app.engine.sefaz = sefaz;
    }
  });

  it('inutilização whose answer is lost: 503, the range stays reserved and skipped; repeating it resends and homologates', async () => {
    const sefaz = t.app.engine.sefaz;
    const last = await t.app.engine.db.nfeSequence.findFirstOrThrow({
      where: { companyId, environment: 'test', serie: '1' },
    });
    const body = {
      empresa_id: companyId,
      serie: '1',
      numero_inicial: Number(last.next),
      numero_final: Number(last.next) + 1,
      justificativa: 'Numeros pulados por falha do ERP',
    };
    t.app.engine.sefaz = {
      ...sefaz,
      inutilize: async () => {
        throw new Error('ECONNRESET');
      },
    };
    try {
      const lost = await sandbox().post('/v1/nfe/inutilizacoes', body);
      expect(lost.status).toBe(503);
      expect(lost.body.codigo).toBe('servico_indisponivel');
    } finally {
      t.app.engine.sefaz = sefaz;
    }
    const reserved = await sandbox().get('/v1/nfe/inutilizacoes');
    expect(reserved.body.dados[0]).toMatchObject({
      status: 'transmitindo',
      protocolo: null,
      numero_inicial: String(body.numero_inicial),
    });
    const note = await issue('autorizar');
    expect(Number(note.body.numero)).toBe(body.numero_final + 1);
    const again = await sandbox().post('/v1/nfe/inutilizacoes', body);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      id: reserved.body.dados[0].id,
      status: 'homologada',
      protocolo: expect.stringMatching(/^\d{15}$/),
    });
  });
});
