// The credentials a provider asks beyond the A1 (credenciais_provedor): kept encrypted, never in an answer, a readiness
// item that refuses issuance (412, nothing sent) until the family's members are set, and carried on the wire as the
// family takes them once they are (Fiorilli: login and password in the body; IPM: HTTP Basic; the simulator checks
// them).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { openCredenciaisProvedor } from '../../src/engine/empresas/credenciais-provedor.js';
import { graphql } from '../support/graphql.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const SENADOR_CANEDO = '5220454';
const IM = '0712345600';
const SENHA = 'S3nha-do-ISSWeb&<1>';

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

const companyBody = (over: Record<string, unknown> = {}) => ({
  cnpj: '11222333000181',
  razao_social: 'Serviços Fiorilli Ltda',
  municipio: SENADOR_CANEDO,
  regime_tributario: 'lucro_presumido',
  inscricao_municipal: IM,
  padroes: { codigo_nacional: '010101', aliquota_iss: '2.00' },
  ...over,
});

async function item(companyId: string) {
  const r = expectStatus(await live.get(`/v1/companies/${companyId}/prontidao`), 200);
  return r.itens.find((i: { item: string }) => i.item === 'credenciais_provedor');
}

async function rawCredenciais(companyId: string): Promise<string> {
  const [row] = await t.app.engine.db.$queryRaw<Array<{ c: string | null }>>`
    SELECT credenciais_provedor::text AS c FROM companies WHERE id = ${companyId}::uuid`;
  return row!.c ?? '';
}

describe('credenciais_provedor: storage and answers', () => {
  it('stored encrypted (the raw row holds envelopes, not the secrets); answers show the login and which secrets are set', async () => {
    const res = await live.post(
      '/v1/companies',
      companyBody({ cnpj: '45723174000110', credenciais_provedor: { usuario: 'login-issweb', senha: SENHA } }),
    );
    const created = expectStatus(res, 201);
    expect(created.credenciais_provedor).toEqual({
      usuario: 'login-issweb',
      senha_definida: true,
      token_definido: false,
    });
    expect(res.text).not.toContain('S3nha');

    const raw = await rawCredenciais(created.id);
    expect(raw).toContain('login-issweb');
    expect(raw).not.toContain('S3nha');
    const stored = JSON.parse(raw) as { senha: string; token: string | null };
    expect(stored.senha).toMatch(/^v1\./);
    expect(stored.token).toBeNull();
    // The envelope opens only for this company and member.
    const secrets = t.app.engine.secrets;
    expect(openCredenciaisProvedor(secrets, created.id, stored).senha).toBe(SENHA);
    expect(() => openCredenciaisProvedor(secrets, '01a22651-0000-7000-8000-000000000000', stored)).toThrow();

    const got = await live.get(`/v1/companies/${created.id}`);
    expect(got.body.credenciais_provedor).toEqual(created.credenciais_provedor);
    expect(got.text).not.toContain('S3nha');
    const data = await graphql(
      t.url,
      await acct.key('live'),
      'query($id: ID!) { company(id: $id) { ... on Company { credenciaisProvedor { usuario senhaDefinida tokenDefinido } } } }',
      { id: created.id },
    );
    expect(data.company.credenciaisProvedor).toEqual({
      usuario: 'login-issweb',
      senhaDefinida: true,
      tokenDefinido: false,
    });
  });

  it('PATCH merges member by member (null removes one), null removes them all', async () => {
    const company = await acct.company({ municipio: SENADOR_CANEDO, inscricao_municipal: IM });
    const patch = (body: unknown) => live.request('PATCH', `/v1/companies/${company.id}`, { body });
    expect(expectStatus(await patch({ credenciais_provedor: { token: 'tok-1' } }), 200).credenciais_provedor).toEqual({
      usuario: null,
      senha_definida: false,
      token_definido: true,
    });
    const both = expectStatus(await patch({ credenciais_provedor: { usuario: 'u1', senha: SENHA, token: null } }), 200);
    expect(both.credenciais_provedor).toEqual({ usuario: 'u1', senha_definida: true, token_definido: false });
    expect(await rawCredenciais(company.id)).not.toContain('tok-1');
    expect(expectStatus(await patch({ credenciais_provedor: null }), 200).credenciais_provedor).toBeNull();
    expect(await rawCredenciais(company.id)).toBe('');
    const blank = await patch({ credenciais_provedor: { senha: '  ' } });
    expect(blank.status, blank.text).toBe(422);
    expect(blank.text).toContain('credenciais_provedor');
  });
});

describe('credenciais_provedor: readiness and issuance (Fiorilli 2.00, Senador Canedo)', () => {
  it('missing password: readiness blocks naming the provider and the member; POST /v1/nfse → 412 and nothing is sent', async () => {
    const company = await acct.company({
      municipio: SENADOR_CANEDO,
      inscricao_municipal: IM,
      credenciais_provedor: { usuario: 'login-issweb' },
    });
    const blocked = await item(company.id);
    expect(blocked.situacao).toBe('bloqueio');
    expect(blocked.mensagem).toMatch(/Fiorilli \(Fiorilli 2\.00\) de Senador Canedo\/GO/);
    expect(blocked.mensagem).toMatch(/falta a senha/);
    expect(blocked.correcao).toContain('credenciais_provedor.senha');

    const before = t.app.abrasfSimulator.calls().length;
    const problem = expectProblem(await live.post('/v1/nfse', nfseBody(company.id)), 412, 'empresa_nao_pronta');
    expect(problem.itens.find((i: { item: string }) => i.item === 'credenciais_provedor').situacao).toBe('bloqueio');
    expect(t.app.abrasfSimulator.calls()).toHaveLength(before);
  });

  it('once set, issuing works and the city receives them; a wrong password is refused by the city', async () => {
    const company = await acct.company({ municipio: SENADOR_CANEDO, inscricao_municipal: IM });
    t.app.abrasfSimulator.credenciais(company.cnpj, { usuario: 'login-issweb', senha: SENHA });
    expect((await item(company.id)).situacao).toBe('bloqueio');
    const patch = (body: unknown) => live.request('PATCH', `/v1/companies/${company.id}`, { body });
    expectStatus(await patch({ credenciais_provedor: { usuario: 'login-issweb', senha: 'senha-errada' } }), 200);
    expect((await item(company.id)).situacao).toBe('ok');

    const refused = expectProblem(await live.post('/v1/nfse', nfseBody(company.id)), 422, 'nfse_rejeitada');
    expect(refused.nfse.rejeicao.codigo_oficial).toBe('X004');

    expectStatus(await patch({ credenciais_provedor: { senha: SENHA } }), 200);
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201);
    expect(note.status).toBe('autorizada');
    // The password travels in the SOAP body only: the stored document (dps_xml) holds no credential.
    const stored = await t.app.engine.db.nfse.findUniqueOrThrow({ where: { id: note.id } });
    expect(stored.dpsXml).not.toContain('S3nha');
    expect(stored.dpsXml).not.toContain('login-issweb');
  });
});

describe('credenciais_provedor as HTTP Basic (IPM 2.04, Novo Hamburgo)', () => {
  const NOVO_HAMBURGO = '4313409';

  it('missing password blocks; a wrong one gets the city’s 401 before it reads the note; once right, the note is issued', async () => {
    const company = await acct.company({
      municipio: NOVO_HAMBURGO,
      inscricao_municipal: IM,
      credenciais_provedor: { usuario: 'login-atende' },
    });
    const blocked = await item(company.id);
    expect(blocked.situacao).toBe('bloqueio');
    expect(blocked.mensagem).toMatch(/IPM \(IPM 2\.04\) de Novo Hamburgo\/RS/);
    t.app.abrasfSimulator.credenciais(company.cnpj, { usuario: 'login-atende', senha: SENHA });
    const patch = (body: unknown) => live.request('PATCH', `/v1/companies/${company.id}`, { body });
    expectStatus(await patch({ credenciais_provedor: { senha: 'senha-errada' } }), 200);
    expect((await item(company.id)).situacao).toBe('ok');

    const before = t.app.abrasfSimulator.notes().length;
    const refused = expectProblem(await live.post('/v1/nfse', nfseBody(company.id)), 422, 'falha_transmissao');
    expect(refused.nfse.falha).toEqual({
      motivo: expect.stringMatching(/HTTP 401: o provedor recusou as credenciais_provedor/),
      dps_enviada: 'nao',
    });
    expect(t.app.abrasfSimulator.notes()).toHaveLength(before);

    expectStatus(await patch({ credenciais_provedor: { senha: SENHA } }), 200);
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201);
    expect(note.status).toBe('autorizada');
    const stored = await t.app.engine.db.nfse.findUniqueOrThrow({ where: { id: note.id } });
    expect(stored.dpsXml).not.toContain('S3nha');
    expect(stored.dpsXml).not.toContain('login-atende');
  });
});
