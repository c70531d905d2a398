// EL's own 1.00 service (Una/BA): the route an own layout takes once a family profile describes it, the session the
// company's password opens around each lot, the asynchronous lot followed by protocol, a lost answer recovered by the
// RPS before anything is sent again, and cancellation. Every lot the simulated city receives validates with xmllint
// against el-nfse.xsd of the data directory.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { RAIZ_MENSAGEM } from '../../src/engine/nfse/abrasf/call-abrasf.js';
import { perfilAbrasfDoMunicipio } from '../../src/engine/nfse/abrasf/perfis-abrasf.js';
import { schemaFile } from '../../src/engine/xml/validate-xsd.js';
import type { AbrasfCall } from '../../src/simulator/abrasf/create-abrasf-simulator.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { firstAttemptOver } from '../support/abrasf-calls.js';
import { xmllint } from '../support/external-tools.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { settleByQueue } from '../support/settle-by-queue.js';

const UNA = '2932507';
const IM = '0712345';
const SENHA = 'S3nha-EL&<1>';
const CORPO = {
  tomador: {
    documento: '19131243000197',
    nome: 'Cliente Ltda',
    email: 'financeiro@cliente.com.br',
    endereco: { cep: '45690000', logradouro: 'Rua A', numero: '10', bairro: 'Centro', municipio: UNA },
  },
};

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

const company = (over: Record<string, unknown> = {}) =>
  acct.company({
    municipio: UNA,
    inscricao_municipal: IM,
    email: 'fiscal@prestador.com.br',
    credenciais_provedor: { senha: SENHA },
    ...over,
  });

const callsOf = (cnpj: string, operacao?: AbrasfCall['operacao']) =>
  sim()
    .calls()
    .filter((c) => c.ibge === UNA && c.dados.includes(cnpj) && (!operacao || c.operacao === operacao));

/** The lot an EnviarLoteRpsEnvio carried (its `arquivo`, in CDATA) validates against el-nfse.xsd with xmllint. */
function expectValidLot(call: AbrasfCall): string {
  const arquivo = /<arquivo><!\[CDATA\[([\s\S]*)\]\]><\/arquivo>/.exec(call.dados)?.[1];
  expect(arquivo, call.dados).toBeDefined();
  const lint = xmllint(arquivo!, schemaFile(`provedor:${perfilAbrasfDoMunicipio(UNA)!.esquema}`));
  expect(lint.ok, lint.output).toBe(true);
  return arquivo!;
}

describe('EL 1.00 (Una/BA)', () => {
  it('the own layout is routed to the ABRASF engine with EL 1.00’s profile; readiness asks for the password', async () => {
    const perfil = perfilAbrasfDoMunicipio(UNA)!;
    expect(perfil).toMatchObject({ familia: 'EL', versao: '1.00', modeloRps: 'el', emissao: 'EnviarLoteRps' });
    const semSenha = await company({ credenciais_provedor: undefined });
    const prontidao = expectStatus(await live.get(`/v1/companies/${semSenha.id}/prontidao`), 200);
    const item = prontidao.itens.find((i: { item: string }) => i.item === 'credenciais_provedor');
    expect(item.situacao).toBe('bloqueio');
    expect(item.mensagem).toMatch(/EL \(EL 1\.00\) de Una\/BA/);
    expect(prontidao.itens.find((i: { item: string }) => i.item === 'provedor_municipio').situacao).toBe('ok');
    const before = sim().calls().length;
    expectProblem(await live.post('/v1/nfse', nfseBody(semSenha.id, CORPO)), 412, 'empresa_nao_pronta');
    expect(sim().calls()).toHaveLength(before);
  });

  it('POST /v1/nfse → autorizada: login, lot with the session’s hash, session closed, lot followed by protocol', async () => {
    const c = await company();
    sim().credenciais(c.cnpj, { senha: SENHA });
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(c.id, CORPO)), 201);
    expect(note.status).toBe('autorizada');
    expect(note.numero).toMatch(/^\d+$/);
    expect(note.chave_acesso).toMatch(new RegExp(`^${UNA}-${note.numero}-[0-9a-f]+$`));
    const ops = sim()
      .calls()
      .filter((call) => call.ibge === UNA && (call.dados.includes(c.cnpj) || call.operacao === 'finalizarSessao'))
      .map((call) => call.operacao);
    expect(ops).toEqual([
      'autenticarContribuinte',
      'EnviarLoteRps',
      'finalizarSessao',
      'ConsultarSituacaoLoteRps',
      'ConsultarLoteRps',
    ]);
    const lote = callsOf(c.cnpj, 'EnviarLoteRps')[0]!;
    expect(lote.dados).toMatch(/<hashIdentificador>[0-9a-f]{32}<\/hashIdentificador>/);
    const arquivo = expectValidLot(lote);
    expect(arquivo).toContain(`<IdentificacaoPrestador><CpfCnpj>${c.cnpj}</CpfCnpj>`);
    // The password goes only in the login, never in the stored document.
    expect(callsOf(c.cnpj, 'autenticarContribuinte')[0]!.dados).toContain('<senha>S3nha-EL&amp;&lt;1&gt;</senha>');
    // Every call is its operation's element in the WSDL's namespace; the lot, the one schema-declared document, validates.
    for (const call of callsOf(c.cnpj)) {
      expect(call.dados).toMatch(
        new RegExp(`^<el:${RAIZ_MENSAGEM[call.operacao]} xmlns:el="${perfilAbrasfDoMunicipio(UNA)!.namespaceWsdl}">`),
      );
      if (call.operacao === 'EnviarLoteRps') expectValidLot(call);
    }
    expect((await live.get(`/v1/nfse/${note.id}/pdf`)).status).toBe(200);
    const stored = await t.app.engine.db.nfse.findUniqueOrThrow({ where: { id: note.id } });
    expect(stored.dpsXml).toBe(arquivo);
    expect(stored.dpsXml).not.toContain('S3nha');
    expect(stored.dadosDocumento).toMatchObject({ operacao: 'EnviarLoteRps', protocolo: expect.any(String) });
  });

  it('a wrong password: the login is refused, the note fails naming credenciais_provedor and no lot is sent', async () => {
    const c = await company({ credenciais_provedor: { senha: 'senha-errada' } });
    sim().credenciais(c.cnpj, { senha: SENHA });
    const refused = expectProblem(await live.post('/v1/nfse', nfseBody(c.id, CORPO)), 422, 'falha_transmissao');
    expect(refused.nfse.falha).toEqual({
      motivo: expect.stringMatching(/recusou o login \(autenticarContribuinte\) com as credenciais_provedor/),
      dps_enviada: 'nao',
    });
    expect(callsOf(c.cnpj, 'EnviarLoteRps')).toHaveLength(0);
    expect(
      sim()
        .notes()
        .filter((n) => n.prestador === c.cnpj),
    ).toHaveLength(0);
  });

  it('a lot the city processes with errors comes back rejeitada with the city’s code', async () => {
    const c = await company();
    sim().playNext(c.cnpj, 'rejeitar:E160');
    const problem = expectProblem(await live.post('/v1/nfse', nfseBody(c.id, CORPO)), 422, 'nfse_rejeitada');
    expect(problem.nfse.rejeicao.codigo_oficial).toBe('E160');
    expect(
      sim()
        .notes()
        .filter((n) => n.prestador === c.cnpj),
    ).toHaveLength(0);
  });

  it('a lost answer to the lot is recovered by ConsultarNfseRpsEnvio before anything is sent again', async () => {
    const c = await company();
    sim().playNext(c.cnpj, 'timeout');
    const accepted = expectStatus(
      await live.post('/v1/nfse', nfseBody(c.id, CORPO), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await firstAttemptOver(t.app.engine, accepted.id);
    const note = await settleByQueue(clock, t.app.engine, async () => (await live.get(`/v1/nfse/${accepted.id}`)).body);
    expect(note.status).toBe('autorizada');
    const ops = callsOf(c.cnpj).map((call) => call.operacao);
    expect(ops.filter((o) => o === 'EnviarLoteRps')).toHaveLength(1);
    expect(ops.indexOf('ConsultarNfsePorRps')).toBeGreaterThan(ops.indexOf('EnviarLoteRps'));
    expect(
      sim()
        .notes()
        .filter((n) => n.prestador === c.cnpj),
    ).toHaveLength(1);
  });

  it('a lot still being processed is asked again by the queue and then authorised', async () => {
    const c = await company();
    sim().playNext(c.cnpj, 'processamento_lento');
    const accepted = expectStatus(
      await live.post('/v1/nfse', nfseBody(c.id, CORPO), { headers: { prefer: 'wait=0' } }),
      202,
    );
    await firstAttemptOver(t.app.engine, accepted.id);
    const first = (await live.get(`/v1/nfse/${accepted.id}`)).body;
    expect(first.status).not.toBe('autorizada');
    clock.advance(5_000);
    await drainJobs(t.app.engine);
    expect((await live.get(`/v1/nfse/${accepted.id}`)).body.status).toBe('autorizada');
    // Two situation queries in the first attempt, the third by the queue; the lot was sent once.
    expect(callsOf(c.cnpj, 'ConsultarSituacaoLoteRps')).toHaveLength(3);
    expect(callsOf(c.cnpj, 'EnviarLoteRps')).toHaveLength(1);
  });

  it('cancellation by CancelarNfseEnvio; a lost answer is found cancelled by the RPS query', async () => {
    const c = await company();
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(c.id, CORPO)), 201);
    const cancelled = expectStatus(
      await live.post(`/v1/nfse/${note.id}/cancelamento`, { codigo_motivo: '2', motivo: 'Serviço não foi prestado' }),
      200,
    );
    expect(cancelled.status).toBe('cancelada');
    expect(cancelled.cancelamento).toMatchObject({ recuperado: false, codigo_motivo: '2' });
    expect(callsOf(c.cnpj, 'CancelarNfse').at(-1)!.dados).toContain(`<numeroNfse>${note.numero}</numeroNfse>`);
    const city = sim()
      .notes()
      .find((n) => n.prestador === c.cnpj && n.numero === note.numero)!;
    expect(city.cancelamentoXml).toContain('<situacao>Cancelada</situacao>');

    const other = expectStatus(await live.post('/v1/nfse', nfseBody(c.id, CORPO)), 201);
    sim().playNext(c.cnpj, 'timeout');
    const recovered = expectStatus(
      await live.post(`/v1/nfse/${other.id}/cancelamento`, { codigo_motivo: '1', motivo: 'Valor informado errado' }),
      200,
    );
    expect(recovered.status).toBe('cancelada');
    expect(recovered.cancelamento).toMatchObject({ recuperado: true });
  });

  it('a company without e-mail is not ready (412 naming it); without the taker’s e-mail → 422; nothing is sent', async () => {
    const semEmail = await company({ email: undefined });
    const prontidao = expectStatus(await live.get(`/v1/companies/${semEmail.id}/prontidao`), 200);
    expect(prontidao.itens.find((i: { item: string }) => i.item === 'email_empresa')).toMatchObject({
      situacao: 'bloqueio',
      mensagem: expect.stringMatching(/EL \(EL 1\.00\).*a empresa não tem e-mail/),
    });
    const before = sim().calls().length;
    const blocked = expectProblem(await live.post('/v1/nfse', nfseBody(semEmail.id, CORPO)), 412, 'empresa_nao_pronta');
    expect(JSON.stringify(blocked)).toContain('email_empresa');
    const comEmail = await company();
    const problem = expectProblem(
      await live.post('/v1/nfse', nfseBody(comEmail.id, { tomador: { ...CORPO.tomador, email: undefined } })),
      422,
      'validacao',
    );
    expect(problem.erros.map((e: { campo: string }) => e.campo)).toEqual(['/tomador/email']);
    expect(sim().calls()).toHaveLength(before);
  });
});
