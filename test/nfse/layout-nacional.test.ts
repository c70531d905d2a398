// A company of a municipality whose provider takes the national DPS on its own web service (the provider table's
// route provedor_layout_nacional) issues through POST /v1/nfse as any other: its production notes go to the
// provider's service (here the in-process simulator of its transport shape), the DPS and the cancellation event are
// the national ones — valid against the national XSD and signed as xmlsec1 verifies —, a lost answer is recovered by
// the provider's query before any resend, and cancellation goes as the national event in the provider's transport.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { caminhoSefin } from '../../src/engine/autoridades/nfse-nacional/caminhos-sefin.js';
import type { AtributoIdDps } from '../../src/engine/nfse/layout-nacional/perfil-layout-nacional.js';
import { perfilLayoutNacional } from '../../src/engine/nfse/layout-nacional/perfis-layout-nacional.js';
import { servicoLayoutNacional } from '../../src/engine/nfse/layout-nacional/servico-layout-nacional.js';
import { soapDpsEnvelope } from '../../src/engine/nfse/layout-nacional/soap-dps-message.js';
import { sistemaOf } from '../../src/engine/nfse/provedores/sistemas-proprios.js';
import { SISTEMA_LAYOUT_NACIONAL } from '../../src/engine/nfse/provedores/sistema-layout-nacional.js';
import { provedorMunicipio } from '../../src/engine/tabelas/provedor-municipio.js';
import type { LayoutNacionalCall } from '../../src/simulator/layout-nacional/create-layout-nacional-simulator.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { eventsOfNote } from '../support/eventos.js';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { nfseBody, steps } from '../support/nfse.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { certificateOf, firstAttemptOver } from '../support/abrasf-calls.js';
import { RECOVERED_STEPS, settleByQueue } from '../support/settle-by-queue.js';

/**
 * One municipality per transport shape and paths: Betha (SOAP, asynchronous), Fiorilli (SOAP, synchronous), SimplISS
 * (REST at Sefin's paths), Tiplan (REST at its own reception paths, the table giving the reception's URL), Infisc
 * (REST, every member our most likely value) and Pronim (REST lots of one document).
 */
const CASOS = [
  { provedor: 'Betha', ibge: '4209300', forma: 'soap' },
  { provedor: 'Fiorilli', ibge: '1100122', forma: 'soap' },
  { provedor: 'SimplISS', ibge: '3541406', forma: 'rest' },
  { provedor: 'Tiplan', ibge: '3302403', forma: 'rest' },
  { provedor: 'Infisc', ibge: '4304606', forma: 'rest' },
  { provedor: 'Pronim', ibge: '4323002', forma: 'lote' },
] as const;

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
// A fresh clock minute per test keeps the per-key rate limit out of the way.
beforeEach(() => clock.advance(MINUTE));

const sim = () => t.app.layoutNacionalSimulator;
const engine = () => t.app.engine;
const get = async (id: string) => expectStatus(await live.get(`/v1/nfse/${id}`), 200);
const idDpsOf = (dpsId: string) => dpsId.slice('PLN'.length);
/** The calls about one DPS: those that carry it, and the queries that name it. */
const callsOf = (idDps: string) =>
  sim()
    .calls()
    .filter((c) => c.corpo.includes(idDps) || c.acao.includes(idDps) || (c.documento ?? '').includes(idDps));
/** The operations of the calls: the SOAP operation, or the REST method and path with its ids elided. */
const kinds = (calls: LayoutNacionalCall[]) =>
  calls.map((c) => (c.operacao === 'rest' ? c.acao.replace(/\/(DPS)?\d{20,}/g, '/…') : c.operacao));
/** The lot-taking shape's query of a note's DPS: the provider's CNPJ, the DPS's series and number. */
const consultaLote = (cnpj: string, note: { serie_dps: string; numero_dps: string }) =>
  `GET /ConsultarDPS/${cnpj}/${note.serie_dps}/${note.numero_dps}`;
/** A profile path as `kinds` shows it: its placeholders elided. */
const elided = (caminho: string) => caminho.replace(/\{\w+\}/g, '…');

/**
 * The national document the call carried validates against its national schema and its signature verifies. A DPS
 * whose identifier the provider names `id` is the national one with that attribute renamed: it is linted in the
 * national form (the provider's own schema is not at hand) and verified with the reference on `id`.
 */
function expectNationalDocument(
  call: LayoutNacionalCall | undefined,
  schema: string,
  signed: string,
  atributoId: AtributoIdDps = 'Id',
): void {
  expect(call?.documento).toBeTruthy();
  const xml = call!.documento!;
  if (signed === 'infDPS') expect(xml).toMatch(new RegExp(`<infDPS ${atributoId}="DPS\\d+">`));
  const lint = xmllint(xml.replace(`<infDPS ${atributoId}="`, '<infDPS Id="'), schema);
  expect(lint.ok, lint.output).toBe(true);
  const verified = xmlsecVerify(xml, certificateOf(xml), signed, signed === 'infDPS' ? atributoId : 'Id');
  expect(verified.ok, verified.output).toBe(true);
  expect(xml).toMatch(/<Reference URI="#(DPS|PRE)[0-9A-Z]+">/);
}

describe('the provider table places these municipalities on their provider, and the profile serves them', () => {
  it.each(CASOS)('$provedor ($ibge): route provedor_layout_nacional, a profile, this system', ({ provedor, ibge }) => {
    const row = provedorMunicipio(ibge)!;
    expect(row).toMatchObject({ rota: 'provedor_layout_nacional', nome: provedor });
    expect(perfilLayoutNacional(row.nome)?.nome).toBe(provedor);
    expect(sistemaOf({ rota: row.rota, provedor: row })).toBe(SISTEMA_LAYOUT_NACIONAL);
  });

  it('a provider of the route without a profile (ModernizacaoPublica) is served by no system', () => {
    // Every ModernizacaoPublica row is on the adhesion list (route nacional): the row is asked as the table's layout.
    const belfordRoxo = { ...provedorMunicipio('3300456')!, rota: 'provedor_layout_nacional' as const };
    expect(belfordRoxo).toMatchObject({
      nome: 'ModernizacaoPublica',
      layout: 'nacional (DPS 1.01) via webservice do provedor',
    });
    expect(perfilLayoutNacional(belfordRoxo.nome)).toBeNull();
    const row = belfordRoxo;
    expect(SISTEMA_LAYOUT_NACIONAL.serves(row)).toBe(false);
    // No system serves it: readiness refuses the company instead of sending the note to the national system.
    expect(sistemaOf({ rota: row.rota, provedor: row })).toBeNull();
  });

  it("the service URL is the table's, less the reception path where the profile says the table gives that", () => {
    expect(servicoLayoutNacional(provedorMunicipio('3302403')!)?.url).toBe('https://spe.macae.rj.gov.br/api');
    expect(servicoLayoutNacional(provedorMunicipio('4304606')!)?.url).toBe(
      'https://sefin.canoas.rs.gov.br/sefinnacional',
    );
  });

  it.each([['Itaguaí (Tiplan, a SOAP asmx URL)', '3302007', 'WSNacional/nfse.asmx']])(
    '%s: a table URL of another service is no service — refused, never guessed',
    async (_, ibge, url) => {
      const row = provedorMunicipio(ibge)!;
      expect(row.rota).toBe('provedor_layout_nacional');
      expect(row.urls.producao).toContain(url);
      expect(servicoLayoutNacional(row)).toMatchObject({ url: null });
      expect(sistemaOf({ rota: row.rota, provedor: row })).toBeNull();
      const company = await acct.company({ municipio: ibge });
      const problem = expectProblem(await live.post('/v1/nfse', nfseBody(company.id)), 412, 'empresa_nao_pronta');
      const item = problem.itens.find((i: { item: string }) => i.item === 'provedor_municipio');
      expect(item.situacao).toBe('bloqueio');
      expect(item.mensagem).toContain(url);
      expect(item.mensagem).toContain('não é a da API do provedor');
    },
  );
});

describe('a provider whose service a source describes with a contract of its own', () => {
  it.each([
    ['Horizonte', '2305233', 'SpeedGov', 'REST com o XML assinado'],
    ['Grajaú', '2104800', 'SpeedGov', '/v101'],
    ['Boa Vista do Buricá', '4302204', 'ABase', 'token Bearer'],
    ['Barra Mansa', '3300407', 'Coplan', 'GERARNFSE'],
    ['Mogi das Cruzes', '3530607', 'SilTecnologia', 'NotaFiscalNacionalGerar'],
  ])('%s (%s, %s): refused naming that contract; nothing is sent', async (_, ibge, provedor, contrato) => {
    const row = provedorMunicipio(ibge)!;
    expect(row).toMatchObject({ nome: provedor, rota: 'provedor_layout_nacional' });
    expect(servicoLayoutNacional(row)).toBeNull();
    expect(sistemaOf({ rota: row.rota, provedor: row })).toBeNull();
    const company = await acct.company({ municipio: ibge });
    const before = sim().calls().length;
    const problem = expectProblem(await live.post('/v1/nfse', nfseBody(company.id)), 412, 'empresa_nao_pronta');
    const item = problem.itens.find((i: { item: string }) => i.item === 'provedor_municipio');
    expect(item.situacao).toBe('bloqueio');
    expect(item.mensagem).toContain(`o web service do provedor ${provedor} tem um contrato próprio`);
    expect(item.mensagem).toContain(contrato);
    expect(sim().calls()).toHaveLength(before);
  });
});

describe("Betha's schema names the DPS identifier `id`", () => {
  it("the profile says so; a DPS with the national `Id` fails Betha's schema at its service", async () => {
    const perfil = perfilLayoutNacional('Betha')!;
    expect(perfil.atributoId).toBe('id');
    const soap = perfil.soap!;
    const dps =
      '<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infDPS Id="DPS420930021234567800019500001000000000000001"/></DPS>';
    const res = await fetch(`${sim().url}/4209300`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: soap.emitir.acao },
      body: soapDpsEnvelope(soap, soap.emitir, dps),
    });
    const text = await res.text();
    expect(text).toContain('<codigo>E1235</codigo>');
    expect(text).toContain('infDPS sem o atributo id');
  });
});

describe.each(CASOS)('$provedor ($ibge) through POST /v1/nfse', ({ provedor, ibge, forma }) => {
  let company: SeededCompany;
  const perfil = perfilLayoutNacional(provedor)!;
  beforeAll(async () => {
    company = await acct.company({ municipio: ibge });
  });
  const notesOfDps = (idDps: string) =>
    sim()
      .notes()
      .filter((n) => n.idDps === idDps);

  it('a production note goes to the provider in its transport shape and comes back authorised', async () => {
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201);
    expect(note.status).toBe('autorizada');
    expect(note.dps_id).toMatch(new RegExp(`^PLNDPS${ibge}`));
    const idDps = idDpsOf(note.dps_id);
    const [issued, ...others] = notesOfDps(idDps);
    expect(others).toEqual([]);
    expect(note.chave_acesso).toBe(issued!.chave);
    const calls = callsOf(idDps);
    if (forma === 'soap') {
      expect(kinds(calls)).toEqual(perfil.soap!.assincrono ? ['emitir', 'consultar'] : ['emitir']);
      expect(calls[0]!.acao).toBe(perfil.soap!.emitir.acao);
      expect(calls[0]!.corpo).toContain(`${perfil.soap!.emitir.elemento} `);
      expect(calls[0]!.corpo).toContain(`"${perfil.soap!.namespace}"`);
    } else {
      expect(kinds(calls)).toEqual([`POST ${perfil.rest?.caminhos.emitir ?? perfil.lote!.enviar}`]);
    }
    expectNationalDocument(calls[0], 'DPS_v1.01.xsd', 'infDPS', perfil.atributoId);
    expect(await eventsOfNote(live, note.id, 'NFSE_AUTORIZADA')).toHaveLength(1);
  });

  it('a test key is refused with 412 sandbox_municipio_proprio: the provider has no test environment here', async () => {
    const test = httpClient(t.url, await acct.key('test'));
    const problem = expectProblem(await test.post('/v1/nfse', nfseBody(company.id)), 412, 'empresa_nao_pronta');
    const blocking = problem.itens
      .filter((i: { situacao: string }) => i.situacao === 'bloqueio')
      .map((i: { item: string }) => i.item);
    expect(blocking).toContain('sandbox_municipio_proprio');
  });

  it('lost answer: the note waits, then the provider is queried before any resend — one DPS, one note', async () => {
    sim().playNext(company.cnpj, 'timeout');
    const created = expectStatus(
      await live.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await firstAttemptOver(engine(), created.id);
    const idDps = idDpsOf(created.dps_id);
    expect(notesOfDps(idDps)).toHaveLength(1);
    expect((await get(created.id)).status).toBe('transmitindo');

    const note = await settleByQueue(clock, engine(), () => get(created.id));
    expect(note.status).toBe('autorizada');
    expect(steps(note).join(' ')).toMatch(RECOVERED_STEPS);
    expect(notesOfDps(idDps)).toHaveLength(1);
    expect(note.chave_acesso).toBe(notesOfDps(idDps)[0]!.chave);
    if (forma === 'lote') {
      // The query names the DPS by its provider, series and number, not by its Id.
      expect(kinds(callsOf(idDps))).toEqual([`POST ${perfil.lote!.enviar}`]);
      expect(
        sim()
          .calls()
          .filter((c) => c.acao === consultaLote(company.cnpj, note)).length,
      ).toBeGreaterThanOrEqual(1);
    } else {
      const [emitir, consultar] =
        forma === 'soap'
          ? ['emitir', 'consultar']
          : [`POST ${perfil.rest!.caminhos.emitir}`, `GET ${elided(perfil.rest!.caminhos.dps)}`];
      const [primeira, ...consultas] = kinds(callsOf(idDps));
      expect(primeira).toBe(emitir);
      expect(consultas.length).toBeGreaterThanOrEqual(1);
      expect(new Set(consultas)).toEqual(new Set([consultar]));
    }
  });

  it('the provider down (503): the send is retried and the note is authorised once', async () => {
    sim().playNext(company.cnpj, 'indisponibilidade');
    const created = expectStatus(
      await live.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await firstAttemptOver(engine(), created.id);
    clock.advance(5_000);
    await drainJobs(engine());
    const note = await get(created.id);
    expect(note.status).toBe('autorizada');
    expect(notesOfDps(idDpsOf(created.dps_id))).toHaveLength(1);
  });

  it('a rejection with a national code → 422 nfse_rejeitada with that code, and no note at the provider', async () => {
    sim().playNext(company.cnpj, 'rejeitar:E0310');
    const problem = expectProblem(await live.post('/v1/nfse', nfseBody(company.id)), 422, 'nfse_rejeitada');
    expect(problem.nfse.status).toBe('rejeitada');
    expect(problem.nfse.rejeicao.codigo_oficial).toBe('E0310');
    expect(notesOfDps(idDpsOf(problem.nfse.dps_id))).toHaveLength(0);
  });

  it('cancellation goes as the signed national event in the provider transport', async () => {
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
    expect(
      sim()
        .notes()
        .find((n) => n.chave === note.chave_acesso)!.status,
    ).toBe('cancelada');
    const call = sim()
      .calls()
      .filter((c) => (c.documento ?? '').includes(`<chNFSe>${note.chave_acesso}</chNFSe>`))
      .at(-1);
    expect(call!.acao).toBe(
      forma === 'soap'
        ? perfil.soap!.cancelar.acao
        : forma === 'lote'
          ? `POST ${perfil.lote!.enviar}`
          : `POST ${caminhoSefin(perfil.rest!.caminhos.eventos, { chave: note.chave_acesso })}`,
    );
    expectNationalDocument(call, 'pedRegEvento_v1.01.xsd', 'infPedReg');
    expect(await eventsOfNote(live, note.id, 'NFSE_CANCELADA')).toHaveLength(1);
  });

  it('a lost cancellation answer is found at the provider and recorded as recovered (lots: no event query, 503)', async () => {
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201);
    sim().playNext(company.cnpj, 'timeout');
    if (forma === 'lote') {
      // No query of events is known for the lot-taking shape: the answer lost, the note stays as it was here.
      const problem = expectProblem(
        await live.post(`/v1/nfse/${note.id}/cancelamento`, {
          codigo_motivo: '1',
          motivo: 'Valor informado incorretamente',
        }),
        503,
        'servico_indisponivel',
      );
      expect(problem.mensagem).toContain('não respondeu ao cancelamento');
      // Nothing queries its events, so the correction does not promise a query: it says what a repeat's E0840 means.
      expect(problem.correcao).toContain('não informa os eventos já registrados');
      expect(problem.correcao).toContain('E0840');
      expect((await get(note.id)).status).toBe('autorizada');
      return;
    }
    const cancelled = expectStatus(
      await live.post(`/v1/nfse/${note.id}/cancelamento`, {
        codigo_motivo: '1',
        motivo: 'Valor informado incorretamente na nota',
      }),
      200,
    );
    expect(cancelled.status).toBe('cancelada');
    expect(cancelled.cancelamento).toMatchObject({ recuperado: true, codigo_motivo: '1' });
    expect(
      sim()
        .calls()
        .filter((c) => (c.documento ?? '').includes(`<chNFSe>${note.chave_acesso}</chNFSe>`)),
    ).toHaveLength(1);
    if (forma === 'rest') {
      const consulta = caminhoSefin(perfil.rest!.caminhos.evento, { chave: note.chave_acesso, tipo: '101101', seq: 1 });
      expect(
        sim()
          .calls()
          .map((c) => c.acao),
      ).toContain(`GET ${consulta}`);
    }
  });
});
