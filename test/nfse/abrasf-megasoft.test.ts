// What a MegaSoft 2.00 city (Silvânia) does beyond the family tests of abrasf.test.ts: its service has no homologation
// host, so a test key never reaches it; its RPS is named by number alone, so a note the city holds for the same number
// of another series is never taken for ours.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { firstAttemptOver } from '../support/abrasf-calls.js';
import { expectProblem, httpClient, type Http } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { settleByQueue } from '../support/settle-by-queue.js';

const SILVANIA = '5220603';
const IM = '0712345600';
const TOMADOR = {
  documento: '19131243000197',
  nome: 'Cliente Ltda',
  endereco: { cep: '75180000', logradouro: 'Rua 1', numero: '10', bairro: 'Centro', municipio: SILVANIA },
};
const PADROES = { codigo_nacional: '010101', aliquota_iss: '2.00', nbs: '115021000' };

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let live: Http;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock, worker: false, nationalTimeoutMs: 2_000 }),
);
beforeAll(async () => {
  live = httpClient(t.url, await acct.key('live'));
});
beforeEach(() => clock.advance(MINUTE));

const sim = () => t.app.abrasfSimulator;

describe('MegaSoft 2.00 (Silvânia)', () => {
  it('a test key is refused with 412 sandbox_municipio_proprio and nothing reaches the city (no homologation host)', async () => {
    const company = await acct.company({ municipio: SILVANIA, inscricao_municipal: IM, padroes: PADROES });
    const before = sim().calls().length;
    const test = httpClient(t.url, await acct.key('test'));
    const problem = expectProblem(
      await test.post('/v1/nfse', nfseBody(company.id, { tomador: TOMADOR })),
      412,
      'empresa_nao_pronta',
    );
    const blocking = problem.itens
      .filter((i: { situacao: string }) => i.situacao === 'bloqueio')
      .map((i: { item: string }) => i.item);
    expect(blocking).toContain('sandbox_municipio_proprio');
    expect(sim().calls()).toHaveLength(before);
  });

  it('after a change of series, an RPS number the city already holds is not recovered as the older note', async () => {
    const company = await acct.company({ municipio: SILVANIA, inscricao_municipal: IM, padroes: PADROES });
    const first = await live.post('/v1/nfse', nfseBody(company.id, { tomador: TOMADOR }));
    expect(first.status, first.text).toBe(201);
    await t.app.engine.db.company.update({ where: { id: company.id }, data: { serieDps: '2' } });
    const second = await live.post('/v1/nfse', nfseBody(company.id, { tomador: TOMADOR }), {
      headers: { prefer: 'wait=0' },
    });
    expect(second.status, second.text).toBe(202);
    // The same RPS number in another series: MegaSoft's identification cannot tell them apart.
    expect(second.body.dps_id.slice(-15)).toBe(first.body.dps_id.slice(-15));
    expect(second.body.dps_id).not.toBe(first.body.dps_id);
    // The city refuses it as already informed; the query by number finds the first series' note, which is not taken.
    await firstAttemptOver(t.app.engine, second.body.id);
    const note = await settleByQueue(
      clock,
      t.app.engine,
      async () => (await live.get(`/v1/nfse/${second.body.id}`)).body,
    );
    expect(note.status).toBe('falha_transmissao');
    expect(note.numero).toBeNull();
    expect(note.falha.motivo).toMatch(/RPS de outra série/);
    expect(
      sim()
        .notes()
        .filter((n) => n.prestador === company.cnpj),
    ).toHaveLength(1);
  });
});
