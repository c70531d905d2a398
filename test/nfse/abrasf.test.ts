// A company of a municipality of each implemented ABRASF 2.0x family issues through POST /v1/nfse as any other: its
// production notes go to the city's service as the family's profile writes it (here the in-process ABRASF simulator,
// which speaks each family's wire), every request valid against the family's own schema and signed as xmlsec1
// verifies; a lost answer is recovered with ConsultarNfsePorRps before any resend, so one RPS never gives two notes;
// cancellation goes through CancelarNfse or, where the family's service has none, is refused before anything is sent.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { perfilAbrasfDoMunicipio } from '../../src/engine/nfse/abrasf/perfis-abrasf.js';
import type { AbrasfSignedElement } from '../../src/engine/nfse/abrasf/sign-abrasf-xml.js';
import { xmlText } from '../../src/engine/nfse/abrasf/xml-text.js';
import { expectWellFormedAbrasfCall, firstAttemptOver } from '../support/abrasf-calls.js';
import { eventsOfNote } from '../support/eventos.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { erro, nfseBody, steps } from '../support/nfse.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { RECOVERED_STEPS, settleByQueue } from '../support/settle-by-queue.js';

const BRASILIA = '5300108';
const IM = '0712345600';

/** What the company's defaults hold unless a family's entry says otherwise. */
const PADROES = { codigo_nacional: '010101', aliquota_iss: '2.00' };

/**
 * One municipality per implemented family, each one the provider table routes to its family today: how it issues a
 * single note and the signatures that request carries; optionally the company's defaults the family needs
 * (`padroes`), how its RPS names the service (`servico`, ItemListaServico by default), the signatures of a
 * substitution (`substituicao`, all three by default) and what its notes' requests bring beyond the default body
 * (`corpo`).
 */
const FAMILIAS: ReadonlyArray<{
  familia: string;
  cidade: string;
  ibge: string;
  emissao: string;
  assinados: readonly AbrasfSignedElement[];
  padroes?: Record<string, string>;
  servico?: string;
  substituicao?: readonly AbrasfSignedElement[];
  credenciais?: { usuario?: string; senha?: string; token?: string };
  /** What the family's requests need beyond the default body (a taker's address). */
  corpo?: Record<string, unknown>;
}> = [
  {
    familia: 'ISSNet 2.04',
    cidade: 'Brasília',
    ibge: BRASILIA,
    emissao: 'RecepcionarLoteRpsSincrono',
    assinados: ['InfDeclaracaoPrestacaoServico', 'LoteRps'],
  },
  {
    familia: 'DSF 2.03',
    cidade: 'Belém',
    ibge: '1501402',
    emissao: 'GerarNfse',
    assinados: ['InfDeclaracaoPrestacaoServico'],
  },
  {
    familia: 'WebISS 2.02',
    cidade: 'Feira de Santana',
    ibge: '2910800',
    emissao: 'GerarNfse',
    assinados: ['InfDeclaracaoPrestacaoServico'],
  },
  {
    familia: 'EL 2.04',
    cidade: 'Petrolina',
    ibge: '2611101',
    emissao: 'GerarNfse',
    assinados: ['InfDeclaracaoPrestacaoServico'],
  },
  {
    familia: 'Futurize 2.02',
    cidade: 'Cachoeira do Arari',
    ibge: '1502004',
    emissao: 'GerarNfse',
    assinados: ['InfDeclaracaoPrestacaoServico'],
    padroes: { ...PADROES, nbs: '115021000' },
    servico: '<cTribNac>010101</cTribNac><cNBS>115021000</cNBS>',
    substituicao: ['InfPedidoCancelamento', 'InfDeclaracaoPrestacaoServico'],
  },
  {
    familia: 'Giss 2.04',
    cidade: 'Maceió',
    ibge: '2704302',
    emissao: 'GerarNfse',
    assinados: ['InfDeclaracaoPrestacaoServico'],
  },
  {
    familia: 'Tinus 2.03',
    cidade: 'Jaboatão dos Guararapes',
    ibge: '2607901',
    emissao: 'GerarNfse',
    assinados: ['InfDeclaracaoPrestacaoServico'],
  },
  { familia: 'Fisco 2.03', cidade: 'Paulo Afonso', ibge: '2924009', emissao: 'GerarNfse', assinados: [] },
  {
    familia: 'Sintese 2.04',
    cidade: 'Janaúba',
    ibge: '3135100',
    emissao: 'RecepcionarLoteRpsSincrono',
    assinados: ['InfDeclaracaoPrestacaoServico', 'LoteRps'],
  },
  // Fiorilli takes the taxpayer's ISSWeb login and password in the body; the simulator refuses a call without them.
  {
    familia: 'Fiorilli 2.00',
    cidade: 'Senador Canedo',
    ibge: '5220454',
    emissao: 'GerarNfse',
    assinados: ['InfDeclaracaoPrestacaoServico'],
    credenciais: { usuario: 'contribuinte-issweb', senha: 'S3nha&<IssWeb>' },
  },
  {
    familia: 'Fiorilli 2.01',
    cidade: 'Colorado do Oeste',
    ibge: '1100064',
    emissao: 'GerarNfse',
    assinados: ['InfDeclaracaoPrestacaoServico'],
    credenciais: { usuario: 'contribuinte-issweb', senha: 'outra-senha' },
  },
  // Tributus writes the signed elements' identifier `id` and takes the company's token in the URL.
  {
    familia: 'Tributus 2.04',
    cidade: 'São Lourenço da Mata',
    ibge: '2613701',
    emissao: 'GerarNfse',
    assinados: ['InfDeclaracaoPrestacaoServico'],
    credenciais: { token: 'tok-tributus-7f3a' },
  },
  // IPM writes no identifier, so signs nothing, and takes the portal login and password as HTTP Basic.
  {
    familia: 'IPM 2.04',
    cidade: 'Novo Hamburgo',
    ibge: '4313409',
    emissao: 'GerarNfse',
    assinados: [],
    substituicao: [],
    credenciais: { usuario: '11222333000181', senha: 'Senh@:Atende' },
  },
  // EloTech signs nothing: the company's password goes in every message's requester identification; its service
  // items carry the company's CNAE and its schema requires the taker's address.
  {
    familia: 'EloTech 2.03',
    cidade: 'Ponta Grossa',
    ibge: '4119905',
    emissao: 'RecepcionarLoteRpsSincrono',
    assinados: [],
    padroes: { ...PADROES, cnae: '6201501' },
    servico: '<ItemServico><ItemListaServico>01.01</ItemListaServico><CodigoCnae>6201501</CodigoCnae>',
    credenciais: { senha: 'senha-elotech-7f3a' },
    corpo: {
      tomador: {
        documento: '54550752000155',
        nome: 'Cliente Ltda',
        endereco: {
          cep: '84010000',
          logradouro: 'Rua XV de Novembro',
          numero: '100',
          bairro: 'Centro',
          municipio: '4119905',
        },
      },
    },
  },
  // MegaSoft: its own RPS (NBS required, the taker's address required), GerarNfse and ConsultarNfsePorRps only.
  {
    familia: 'MegaSoft 2.00',
    cidade: 'Silvânia',
    ibge: '5220603',
    emissao: 'GerarNfse',
    assinados: ['InfDeclaracaoPrestacaoServico'],
    padroes: { ...PADROES, nbs: '115021000' },
    servico: '<Exigibilidade>1</Exigibilidade><NumeroNbs>115021000</NumeroNbs>',
    corpo: {
      tomador: {
        documento: '19131243000197',
        nome: 'Cliente Ltda',
        endereco: { cep: '75180000', logradouro: 'Rua 1', numero: '10', bairro: 'Centro', municipio: '5220603' },
      },
    },
  },
];
const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
/** The municipality of the family under test. */
let ibge: string;
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

const sim = () => t.app.abrasfSimulator;
const engine = () => t.app.engine;
const notesOfRps = (numero: string) =>
  sim()
    .notes()
    .filter((n) => n.prestador === company.cnpj && n.rps.numero === numero);
/** `<Numero>` with the value, whatever namespace it declares (a family may put it in its types namespace). */
const hasNumero = (dados: string, numero: string) =>
  new RegExp(`<Numero(?: xmlns="[^"]*")?>${numero}</Numero>`).test(dados);
const callsOf = (numero: string) =>
  sim()
    .calls()
    .filter((c) => c.ibge === ibge && hasNumero(c.dados, numero));
const get = async (id: string) => expectStatus(await live.get(`/v1/nfse/${id}`), 200);

describe.each(FAMILIAS)('ABRASF $familia ($cidade) through POST /v1/nfse', (f) => {
  beforeAll(async () => {
    const credenciais = f.credenciais;
    company = await acct.company({
      municipio: f.ibge,
      inscricao_municipal: IM,
      padroes: f.padroes ?? PADROES,
      ...(credenciais ? { credenciais_provedor: credenciais } : {}),
    });
    // The city knows the company's own credentials: a call carrying others would be refused.
    if (credenciais) sim().credenciais(company.cnpj, credenciais);
    ibge = f.ibge;
  });

  it(`a production note is issued by the city through a signed ${f.emissao} and comes back authorised`, async () => {
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id, f.corpo)), 201);
    expect(note.status).toBe('autorizada');
    expect(note.dps_id).toMatch(new RegExp(`^RPS${f.ibge}${company.cnpj}`));
    const numeroRps = String(BigInt(note.dps_id.slice(-15)));
    const [city] = notesOfRps(numeroRps);
    expect(city).toBeDefined();
    expect(note.numero).toBe(city!.numero);
    expect(note.chave_acesso).toBe(`${f.ibge}-${city!.numero}-${city!.codigoVerificacao}`);
    const [call, ...others] = callsOf(numeroRps);
    expect(others).toEqual([]);
    expect(call!.operacao).toBe(f.emissao);
    expect(call!.dados).toContain(f.servico ?? '<ItemListaServico>01.01</ItemListaServico>');
    expect(call!.dados).toContain(`<InscricaoMunicipal>${IM}</InscricaoMunicipal>`);
    expectWellFormedAbrasfCall(call!, f.assinados);
    expect(await eventsOfNote(live, note.id, 'NFSE_AUTORIZADA')).toHaveLength(1);
  });

  it('lost answer: the note waits, then ConsultarNfsePorRps finds it before any resend — one RPS, one note', async () => {
    sim().playNext(company.cnpj, 'timeout');
    const created = expectStatus(
      await live.post('/v1/nfse', nfseBody(company.id, f.corpo), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await firstAttemptOver(engine(), created.id);
    const numeroRps = String(BigInt(created.dps_id.slice(-15)));
    expect(notesOfRps(numeroRps)).toHaveLength(1);
    expect((await get(created.id)).status).toBe('transmitindo');

    const note = await settleByQueue(clock, engine(), () => get(created.id));
    expect(note.status).toBe('autorizada');
    expect(steps(note).join(' ')).toMatch(RECOVERED_STEPS);
    expect(notesOfRps(numeroRps)).toHaveLength(1);
    expect(note.numero).toBe(notesOfRps(numeroRps)[0]!.numero);
    const calls = callsOf(numeroRps);
    expect(calls.map((c) => c.operacao).join(' ')).toMatch(new RegExp(`^${f.emissao}( ConsultarNfsePorRps)+$`));
    expectWellFormedAbrasfCall(calls.at(-1)!, []);
    expect(await eventsOfNote(live, created.id, 'NFSE_AUTORIZADA')).toHaveLength(1);
  });

  it('an RPS the city already converted (E10) is recovered, not failed', async () => {
    sim().playNext(company.cnpj, 'timeout');
    const created = expectStatus(
      await live.post('/v1/nfse', nfseBody(company.id, f.corpo), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await firstAttemptOver(engine(), created.id);
    // The job is told to send again (as after a crash before the answer): the city refuses the repeated RPS.
    await engine().db.transmissionJob.updateMany({
      where: { nfseId: created.id },
      data: { kind: 'emitir', payload: { failures: 1 } },
    });
    clock.advance(5_000);
    await drainJobs(engine());
    clock.advance(5_000);
    await drainJobs(engine());
    const note = await get(created.id);
    expect(note.status).toBe('autorizada');
    const numeroRps = String(BigInt(created.dps_id.slice(-15)));
    expect(notesOfRps(numeroRps)).toHaveLength(1);
    expect(
      note.eventos.find(
        (e: { tipo: string; detalhe?: { resultado?: string } }) =>
          e.tipo === 'envio' && e.detalhe?.resultado === 'dps_ja_processada',
      ),
    ).toBeDefined();
  });

  it('the city down (503): the send is retried with backoff and the note is authorised once', async () => {
    sim().playNext(company.cnpj, 'indisponibilidade');
    const created = expectStatus(
      await live.post('/v1/nfse', nfseBody(company.id, f.corpo), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await firstAttemptOver(engine(), created.id);
    clock.advance(5_000);
    await drainJobs(engine());
    const note = await get(created.id);
    expect(note.status).toBe('autorizada');
    const envios = note.eventos
      .filter((e: { tipo: string }) => e.tipo === 'envio')
      .map((e: { detalhe: { resultado: string } }) => e.detalhe.resultado);
    expect(envios).toEqual(['indisponivel', 'autorizada']);
    expect(notesOfRps(String(BigInt(created.dps_id.slice(-15))))).toHaveLength(1);
  });

  it('rejeitar:E160 → 422 nfse_rejeitada with the city code in codigo_oficial, and no note at the city', async () => {
    sim().playNext(company.cnpj, 'rejeitar:E160');
    const problem = expectProblem(await live.post('/v1/nfse', nfseBody(company.id, f.corpo)), 422, 'nfse_rejeitada');
    expect(problem.nfse.status).toBe('rejeitada');
    expect(problem.nfse.rejeicao.codigo_oficial).toBe('E160');
    expect(notesOfRps(String(BigInt(problem.nfse.dps_id.slice(-15))))).toHaveLength(0);
  });

  it('cancellation goes through a signed CancelarNfse and the city keeps the note cancelled (refused before anything is sent where the family has none)', async () => {
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id, f.corpo)), 201);
    const before = sim().calls().length;
    const res = await live.post(`/v1/nfse/${note.id}/cancelamento`, {
      codigo_motivo: '2',
      motivo: 'Serviço não foi prestado ao cliente',
    });
    if (!perfilAbrasfDoMunicipio(f.ibge)!.operacoes.includes('CancelarNfse')) {
      const problem = expectProblem(res, 422, 'cancelamento_recusado');
      expect(problem.mensagem).toMatch(/não cancela notas por web service/);
      expect(problem.correcao).toMatch(/portal da prefeitura/);
      expect(problem.codigo_oficial ?? null).toBeNull();
      expect(problem.nfse.status).toBe('autorizada');
      expect(sim().calls()).toHaveLength(before);
      expect((await get(note.id)).status).toBe('autorizada');
      expect(await eventsOfNote(live, note.id, 'NFSE_CANCELADA')).toHaveLength(0);
      return;
    }
    const cancelled = expectStatus(res, 200);
    expect(cancelled.status).toBe('cancelada');
    expect(cancelled.cancelamento).toMatchObject({ tipo: 'cancelamento', codigo_motivo: '2', recuperado: false });
    const city = sim()
      .notes()
      .find((n) => n.ibge === ibge && n.numero === note.numero)!;
    expect(city.cancelamentoXml).toContain('<CodigoCancelamento>2</CodigoCancelamento>');
    const call = sim()
      .calls()
      .filter((c) => c.ibge === ibge && c.operacao === 'CancelarNfse')
      .at(-1)!;
    expectWellFormedAbrasfCall(call, ['InfPedidoCancelamento']);
    expect(await eventsOfNote(live, note.id, 'NFSE_CANCELADA')).toHaveLength(1);
  });

  it('a lost cancellation answer is found cancelled at the city (ConsultarNfsePorRps) and recorded as recovered (where the family cancels by web service)', async () => {
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id, f.corpo)), 201);
    const cancelar = () =>
      live.post(`/v1/nfse/${note.id}/cancelamento`, {
        codigo_motivo: '1',
        motivo: 'Valor informado incorretamente na nota',
      });
    if (!perfilAbrasfDoMunicipio(f.ibge)!.operacoes.includes('CancelarNfse')) {
      // Nothing was sent, so nothing is looked up either: a repeated request is refused the same way.
      const before = sim().calls().length;
      expectProblem(await cancelar(), 422, 'cancelamento_recusado');
      expectProblem(await cancelar(), 422, 'cancelamento_recusado');
      expect(sim().calls()).toHaveLength(before);
      expect((await get(note.id)).cancelamento ?? null).toBeNull();
      return;
    }
    sim().playNext(company.cnpj, 'timeout');
    const cancelled = expectStatus(await cancelar(), 200);
    expect(cancelled.status).toBe('cancelada');
    expect(cancelled.cancelamento).toMatchObject({ recuperado: true, codigo_motivo: '1' });
    const numeroRps = String(BigInt(note.dps_id.slice(-15)));
    expect(
      callsOf(numeroRps)
        .map((c) => c.operacao)
        .slice(-1),
    ).toEqual(['ConsultarNfsePorRps']);
    expect(
      sim()
        .calls()
        .filter((c) => c.ibge === ibge && c.operacao === 'CancelarNfse' && hasNumero(c.dados, note.numero)),
    ).toHaveLength(1);
    expect(
      sim()
        .notes()
        .find((n) => n.ibge === ibge && n.numero === note.numero)!.cancelamentoXml,
    ).not.toBeNull();
  });

  it('substitution goes through a signed SubstituirNfse (refused, naming the field, where the family has none): the new note is authorised, the original cancelled at the city and here', async () => {
    const original = expectStatus(await live.post('/v1/nfse', nfseBody(company.id, f.corpo)), 201);
    const body = nfseBody(company.id, {
      ...f.corpo,
      valor: '1600.00',
      substituicao: { nfse_id: original.id, codigo_motivo: '99', motivo: 'Valor do serviço informado incorretamente' },
    });
    if (!perfilAbrasfDoMunicipio(f.ibge)!.operacoes.includes('SubstituirNfse')) {
      const before = sim().calls().length;
      const problem = expectProblem(await live.post('/v1/nfse', body), 422, 'validacao');
      expect(erro(problem.erros, 'campo_invalido', '/substituicao').mensagem).toMatch(/SubstituirNfse/);
      expect(sim().calls()).toHaveLength(before);
      expect((await get(original.id)).status).toBe('autorizada');
      return;
    }
    const replacement = expectStatus(await live.post('/v1/nfse', body), 201);
    expect(replacement.status).toBe('autorizada');
    const numeroRps = String(BigInt(replacement.dps_id.slice(-15)));
    const [call] = callsOf(numeroRps);
    expect(call!.operacao).toBe('SubstituirNfse');
    expect(call!.dados).toContain(`<Numero>${original.numero}</Numero>`);
    // Where the Pedido names the replaced note's ChaveAcesso (EloTech), it is the one the city wrote in that note.
    if (perfilAbrasfDoMunicipio(f.ibge)!.elementos.chaveAcessoNoCancelamento)
      expect(call!.dados).toContain(
        `<ChaveAcesso>${xmlText(notesOfRps(String(BigInt(original.dps_id.slice(-15))))[0]!.nfseXml, 'ChaveAcesso')}</ChaveAcesso>`,
      );
    expectWellFormedAbrasfCall(
      call!,
      f.substituicao ?? ['InfPedidoCancelamento', 'InfDeclaracaoPrestacaoServico', 'SubstituicaoNfse'],
    );
    const cityOriginal = sim()
      .notes()
      .find((n) => n.ibge === ibge && n.numero === original.numero)!;
    expect(cityOriginal.substituidaPor).toBe(replacement.numero);
    expect(cityOriginal.cancelamentoXml).not.toBeNull();
    const after = await get(original.id);
    expect(after.status).toBe('cancelada');
    expect(after.substituida_por).toBe(replacement.id);
  });
});

// Whether a test key reaches a municipality's own system is the route decision's (a known convênio refuses it):
// Brasília's is stated by an act.
describe('ABRASF city of a known convênio (Brasília): readiness', () => {
  beforeAll(async () => {
    company = await acct.company({ municipio: BRASILIA, inscricao_municipal: IM });
    ibge = BRASILIA;
  });

  it('a test key is refused with 412 sandbox_municipio_proprio: the city has no test environment', async () => {
    const test = httpClient(t.url, await acct.key('test'));
    const problem = expectProblem(await test.post('/v1/nfse', nfseBody(company.id)), 412, 'empresa_nao_pronta');
    const blocking = problem.itens
      .filter((i: { situacao: string }) => i.situacao === 'bloqueio')
      .map((i: { item: string }) => i.item);
    expect(blocking).toContain('sandbox_municipio_proprio');
  });

  it('readiness: nothing blocks a production key; the city is an own system; a test key is blocked by sandbox_municipio_proprio', async () => {
    const itens = async (http: Http) =>
      expectStatus(await http.get(`/v1/companies/${company.id}/prontidao`), 200).itens as Array<{
        item: string;
        situacao: string;
      }>;
    const situacao = (list: Array<{ item: string; situacao: string }>, item: string) =>
      list.find((i) => i.item === item)?.situacao;
    const producao = await itens(live);
    expect(producao.filter((i) => i.situacao === 'bloqueio')).toEqual([]);
    expect(situacao(producao, 'convenio_municipio')).toBe('aviso');
    const teste = await itens(httpClient(t.url, await acct.key('test')));
    expect(situacao(teste, 'sandbox_municipio_proprio')).toBe('bloqueio');
  });
});

describe('ABRASF fields the city needs', () => {
  it('without the municipal registration → 422 naming /prestador/inscricao_municipal; nothing sent', async () => {
    const other = await acct.company({ municipio: BRASILIA });
    const before = sim().calls().length;
    const problem = expectProblem(await live.post('/v1/nfse', nfseBody(other.id)), 422, 'validacao');
    erro(problem.erros, 'campo_obrigatorio', '/prestador/inscricao_municipal');
    expect(sim().calls()).toHaveLength(before);
  });

  it('a national code whose LC 116 subitem ABRASF 2.04 does not list → 422 naming /servico/codigo_nacional', async () => {
    const problem = expectProblem(
      await live.post(
        '/v1/nfse',
        nfseBody(company.id, { servico: { descricao: 'Serviço fora do ISSQN', codigo_nacional: '990101' } }),
      ),
      422,
      'validacao',
    );
    const e = erro(problem.erros, 'codigo_servico_municipal_indisponivel', '/servico/codigo_nacional');
    expect(e.mensagem).toMatch(/ItemListaServico/);
  });
});
