// Campo Grande/MS (ISSDSF, the DSF 2.03 variant whose schema has the ABRASF namespace) issues through POST /v1/nfse
// as any ABRASF city: its production notes go to the in-process ABRASF simulator as the ISSDSF profile writes them,
// every request valid against the variant's own schema and its signatures verified by xmlsec1; a lost answer is
// recovered with ConsultarNfsePorRps before any resend; cancellation goes through a signed CancelarNfse.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ABRASF_NS } from '../../src/engine/nfse/abrasf/perfil-abrasf.js';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { expectWellFormedAbrasfCall, firstAttemptOver } from '../support/abrasf-calls.js';
import { eventsOfNote } from '../support/eventos.js';
import { expectStatus, httpClient, type Http } from '../support/http.js';
import { nfseBody, steps } from '../support/nfse.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { RECOVERED_STEPS, settleByQueue } from '../support/settle-by-queue.js';

const CAMPO_GRANDE = '5002704';
const IM = '0712345600';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let live: Http;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock, worker: false, nationalTimeoutMs: 2_000 }),
);
beforeAll(async () => {
  live = httpClient(t.url, await acct.key('live'));
  company = await acct.company({
    municipio: CAMPO_GRANDE,
    inscricao_municipal: IM,
    padroes: { codigo_nacional: '010101', aliquota_iss: '2.00' },
  });
});
// A fresh clock minute per test keeps the per-key rate limit out of the way.
beforeEach(() => clock.advance(MINUTE));

const sim = () => t.app.abrasfSimulator;
const rpsOf = (dpsId: string) => String(BigInt(dpsId.slice(-15)));
const notesOfRps = (numero: string) =>
  sim()
    .notes()
    .filter((n) => n.prestador === company.cnpj && n.rps.numero === numero);
const callsOf = (numero: string) =>
  sim()
    .calls()
    .filter((c) => c.ibge === CAMPO_GRANDE && c.dados.includes(`<Numero>${numero}</Numero>`));
const get = async (id: string) => expectStatus(await live.get(`/v1/nfse/${id}`), 200);

describe('ABRASF ISSDSF 2.03 (Campo Grande) through POST /v1/nfse', () => {
  it('a production note is issued through a signed GerarNfse in the ABRASF namespace and comes back authorised', async () => {
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201);
    expect(note.status).toBe('autorizada');
    expect(note.dps_id).toMatch(new RegExp(`^RPS${CAMPO_GRANDE}${company.cnpj}`));
    const [city] = notesOfRps(rpsOf(note.dps_id));
    expect(city).toBeDefined();
    expect(note.numero).toBe(city!.numero);
    expect(note.chave_acesso).toBe(`${CAMPO_GRANDE}-${city!.numero}-${city!.codigoVerificacao}`);
    const [call, ...others] = callsOf(rpsOf(note.dps_id));
    expect(others).toEqual([]);
    expect(call!.operacao).toBe('GerarNfse');
    expect(call!.dados).toMatch(new RegExp(`^<GerarNfseEnvio xmlns="${ABRASF_NS}">`));
    expect(call!.dados).toContain(`<InscricaoMunicipal>${IM}</InscricaoMunicipal>`);
    expectWellFormedAbrasfCall(call!, ['InfDeclaracaoPrestacaoServico']);
    expect(await eventsOfNote(live, note.id, 'NFSE_AUTORIZADA')).toHaveLength(1);
  });

  it('lost answer: the note waits, then ConsultarNfsePorRps finds it before any resend — one RPS, one note', async () => {
    sim().playNext(company.cnpj, 'timeout');
    const created = expectStatus(
      await live.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await firstAttemptOver(t.app.engine, created.id);
    const numeroRps = rpsOf(created.dps_id);
    expect(notesOfRps(numeroRps)).toHaveLength(1);
    expect((await get(created.id)).status).toBe('transmitindo');

    const note = await settleByQueue(clock, t.app.engine, () => get(created.id));
    expect(note.status).toBe('autorizada');
    expect(steps(note).join(' ')).toMatch(RECOVERED_STEPS);
    expect(notesOfRps(numeroRps)).toHaveLength(1);
    expect(note.numero).toBe(notesOfRps(numeroRps)[0]!.numero);
    const calls = callsOf(numeroRps);
    expect(calls.map((c) => c.operacao).join(' ')).toMatch(/^GerarNfse( ConsultarNfsePorRps)+$/);
    expectWellFormedAbrasfCall(calls.at(-1)!, []);
    expect(await eventsOfNote(live, created.id, 'NFSE_AUTORIZADA')).toHaveLength(1);
  });

  it('cancellation goes through a signed CancelarNfse and the city keeps the note cancelled', async () => {
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201);
    const cancelled = expectStatus(
      await live.post(`/v1/nfse/${note.id}/cancelamento`, {
        codigo_motivo: '2',
        motivo: 'Serviço não foi prestado ao cliente',
      }),
      200,
    );
    expect(cancelled.status).toBe('cancelada');
    expect(cancelled.cancelamento).toMatchObject({ tipo: 'cancelamento', codigo_motivo: '2', recuperado: false });
    const city = sim()
      .notes()
      .find((n) => n.ibge === CAMPO_GRANDE && n.numero === note.numero)!;
    expect(city.cancelamentoXml).toContain('<CodigoCancelamento>2</CodigoCancelamento>');
    const call = sim()
      .calls()
      .filter((c) => c.ibge === CAMPO_GRANDE && c.operacao === 'CancelarNfse')
      .at(-1)!;
    expect(call.dados).toMatch(new RegExp(`^<CancelarNfseEnvio xmlns="${ABRASF_NS}">`));
    expectWellFormedAbrasfCall(call, ['InfPedidoCancelamento']);
    expect(await eventsOfNote(live, note.id, 'NFSE_CANCELADA')).toHaveLength(1);
  });
});
