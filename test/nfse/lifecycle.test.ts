// A note's life: the readiness gate, the statuses, POST /v1/nfse with Prefer: wait and X-Service-Simular, the test
// series 49999, rejection. Deep recovery scenarios (timeout, outage, falha_transmissao) live in
// recovery.test.ts beside this file.
import { beforeAll, describe, expect, it } from 'vitest';
import { httpClient, expectProblem, type Http } from '../support/http.js';
import { allNotes, nfseBody, pollSettled } from '../support/nfse.js';
import { MUNICIPIO_PROPRIO, seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  company = await acct.company();
});

const client = async (env: 'test' | 'live' = 'test', companyId?: string): Promise<Http> =>
  httpClient(t.url, await acct.key(env, companyId));

async function notesOf(http: Http, empresaId: string) {
  return (await allNotes(http)).filter((n) => n.empresa_id === empresaId);
}

describe('readiness gate', () => {
  async function expectBlocked(http: Http, empresaId: string, item: string) {
    const res = await http.post('/v1/nfse', nfseBody(empresaId));
    const problem = expectProblem(res, 412, 'empresa_nao_pronta');
    const blocking = problem.itens
      .filter((i: { situacao: string }) => i.situacao === 'bloqueio')
      .map((i: { item: string }) => i.item);
    expect(blocking).toContain(item);
    // The 412 carries the whole readiness, exactly as GET …/prontidao shows it.
    const readiness = await http.get(`/v1/companies/${empresaId}/prontidao`);
    expect(readiness.status).toBe(200);
    expect(problem.itens).toEqual(readiness.body.itens);
    expect(await notesOf(http, empresaId)).toEqual([]);
  }

  it('no certificate → 412 with itens; nothing created', async () => {
    const c = await acct.company({}, { certificate: false });
    await expectBlocked(await client(), c.id, 'certificado');
  });

  it('São Paulo (own municipal system) with a test key → 412 sandbox_municipio_proprio', async () => {
    const c = await acct.company({ municipio: MUNICIPIO_PROPRIO });
    await expectBlocked(await client(), c.id, 'sandbox_municipio_proprio');
  });

  it('paused company → 412; resumed, it issues', async () => {
    const c = await acct.company();
    const live = await client('live');
    expect((await live.post(`/v1/companies/${c.id}/pausa`)).status).toBe(200);
    const http = await client();
    await expectBlocked(http, c.id, 'empresa_ativa');
    expect((await live.post(`/v1/companies/${c.id}/retomada`)).status).toBe(200);
    expect((await http.post('/v1/nfse', nfseBody(c.id))).status).toBe(201);
  });

  it('production without an active plan → 412 plano_emissao (test keys need no plan)', async () => {
    const other = await seedAccount(t.app.engine, 'Sem plano');
    const c = await other.company();
    await other.setPlan('inativo');
    const live = httpClient(t.url, other.liveKey);
    await expectBlocked(live, c.id, 'plano_emissao');
    expect((await httpClient(t.url, other.testKey).post('/v1/nfse', nfseBody(c.id))).status).toBe(201);
  });

  it("unknown empresa_id → 404 nao_encontrado (a uuid of nobody, and another account's company)", async () => {
    const http = await client();
    expectProblem(await http.post('/v1/nfse', nfseBody('01900000-0000-7000-8000-000000000000')), 404, 'nao_encontrado');
    expectProblem(await http.post('/v1/nfse', nfseBody('not-a-uuid')), 404, 'nao_encontrado');
    const foreign = await (await seedAccount(t.app.engine, 'Outra')).company();
    expectProblem(await http.post('/v1/nfse', nfseBody(foreign.id)), 404, 'nao_encontrado');
    expect(await notesOf(http, foreign.id)).toEqual([]);
  });

  it('a key restricted to one company: another company → 403 acesso_negado; its own company may omit empresa_id', async () => {
    const other = await acct.company();
    const restricted = await client('test', company.id);
    expectProblem(await restricted.post('/v1/nfse', nfseBody(other.id)), 403, 'acesso_negado');
    expect(await notesOf(await client(), other.id)).toEqual([]);
    const own = await restricted.post('/v1/nfse', nfseBody(undefined));
    expect(own.status, own.text).toBe(201);
    expect(own.body.empresa_id).toBe(company.id);
  });

  it('an unrestricted key must send empresa_id', async () => {
    const res = await (await client()).post('/v1/nfse', nfseBody(undefined));
    const problem = expectProblem(res, 422, 'validacao');
    expect(problem.erros.map((e: { campo: string }) => e.campo)).toContain('/empresa_id');
  });
});

describe('lifecycle', () => {
  it('a test note is authorised at once: 201, series 49999, numero and chave_acesso, a timeline', async () => {
    const http = await client();
    const body = nfseBody(company.id);
    const res = await http.post('/v1/nfse', body);
    expect(res.status, res.text).toBe(201);
    const note = res.body;
    expect(note).toMatchObject({
      status: 'autorizada',
      ambiente: 'sandbox',
      referencia: body.referencia,
      empresa_id: company.id,
      serie_dps: '49999',
      valor: '1500.00',
      rejeicao: null,
      falha: null,
      aviso: null,
      cancelamento: null,
    });
    expect(note.numero).toMatch(/^\d+$/);
    expect(note.chave_acesso).toMatch(/^\d{50}$/);
    expect(note.dps_id).toMatch(/^DPS\d{42}$/);
    expect(note.dps_id.slice(25, 30)).toBe('49999');
    expect(note.autorizada_em).not.toBeNull();
    expect(note.eventos.map((e: { tipo: string }) => e.tipo)).toEqual(['criada', 'envio', 'autorizada']);
    const times = note.eventos.map((e: { em: string }) => Date.parse(e.em));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // GET returns the same record.
    expect((await http.get(`/v1/nfse/${note.id}`)).body).toEqual(note);
  });

  it('DPS numbers grow one by one per company in the test series', async () => {
    const c = await acct.company();
    const http = await client();
    const numbers = [];
    for (let i = 0; i < 3; i++) numbers.push(Number((await http.post('/v1/nfse', nfseBody(c.id))).body.numero_dps));
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
  });

  it('Prefer: wait=0 → 202 transmitindo at once, then autorizada', async () => {
    const http = await client();
    const res = await http.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=0' } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.status).toBe('transmitindo');
    expect(res.body.numero).toBeNull();
    expect(res.body.chave_acesso).toBeNull();
    expect(res.body.eventos.map((e: { tipo: string }) => e.tipo)).toEqual(['criada']);
    const settled = await pollSettled(http, res.body.id);
    expect(settled.body.status).toBe('autorizada');
    expect(settled.body.chave_acesso).toMatch(/^\d{50}$/);
  });

  it('processamento_lento answers 202 after the wait, then autorizada', async () => {
    const http = await client();
    const started = Date.now();
    const res = await http.post('/v1/nfse', nfseBody(company.id), {
      headers: { prefer: 'wait=1', 'x-service-simular': 'processamento_lento' },
    });
    expect(res.status, res.text).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(res.body.status).toBe('transmitindo');
  });

  it('X-Service-Simular with a live key → 422 simulacao_so_no_sandbox; nothing created', async () => {
    const live = await client('live');
    const before = (await allNotes(live)).length;
    const res = await live.post('/v1/nfse', nfseBody(company.id), { headers: { 'x-service-simular': 'rejeitar' } });
    expectProblem(res, 422, 'simulacao_so_no_sandbox');
    expect((await allNotes(live)).length).toBe(before);
  });

  it('an unknown scenario → 422 simulacao_invalida; nothing created', async () => {
    const http = await client();
    const before = (await allNotes(http)).length;
    expectProblem(
      await http.post('/v1/nfse', nfseBody(company.id), { headers: { 'x-service-simular': 'explodir' } }),
      422,
      'simulacao_invalida',
    );
    expect((await allNotes(http)).length).toBe(before);
  });

  it('rejeitar → 422 nfse_rejeitada with codigo_oficial and the note (rejeicao.explicacao); the note stays rejeitada', async () => {
    const http = await client();
    const res = await http.post('/v1/nfse', nfseBody(company.id), { headers: { 'x-service-simular': 'rejeitar' } });
    const problem = expectProblem(res, 422, 'nfse_rejeitada');
    expect(problem.codigo_oficial).toMatch(/^E\d{4}$/);
    expect(problem.nfse.status).toBe('rejeitada');
    expect(problem.nfse.rejeicao.codigo_oficial).toBe(problem.codigo_oficial);
    expect(typeof problem.nfse.rejeicao.explicacao).toBe('string');
    expect(problem.nfse.rejeicao.explicacao.length).toBeGreaterThan(10);
    expect(problem.nfse.numero).toBeNull();
    expect(problem.nfse.eventos.map((e: { tipo: string }) => e.tipo)).toEqual(['criada', 'envio']);
    const stored = await http.get(`/v1/nfse/${problem.nfse.id}`);
    expect(stored.body).toEqual(problem.nfse);
  });

  it('rejeitar:E0202 carries the known plain-language fix', async () => {
    const http = await client();
    const problem = expectProblem(
      await http.post('/v1/nfse', nfseBody(company.id), { headers: { 'x-service-simular': 'rejeitar:E0202' } }),
      422,
      'nfse_rejeitada',
    );
    expect(problem.codigo_oficial).toBe('E0202');
    expect(problem.nfse.rejeicao.explicacao).toMatch(/Como corrigir/);
  });

  it('live and test notes of one company use separate series', async () => {
    const live = await (await client('live')).post('/v1/nfse', nfseBody(company.id));
    expect(live.status, live.text).toBe(201);
    expect(live.body.ambiente).toBe('producao');
    expect(live.body.serie_dps).not.toBe('49999');
  });
});
