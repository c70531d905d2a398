// /painel/graphql: the API's schema run as the signed-in account in production. Two accounts never see each
// other's data, test-environment records never appear, the same depth/cost/breadth limits apply, every POST
// needs the session's CSRF token, and key management exists only for panel sessions.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { issueNfse } from '../../src/engine/nfse/issue-nfse.js';
import { QUERY_LIMITS } from '../../src/http/query-limits.js';
import { dashboardGraphql, nodes } from '../support/graphql.js';
import { nfseInput } from '../support/nfse.js';
import { seedPessoa, signInPanel, type Panel } from '../support/painel.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { fakeDns, PUBLIC_IP } from '../support/webhooks.js';

let t: TestApp;
let a: SeededAccount;
let b: SeededAccount;
let companyA: SeededCompany;
let companyB: SeededCompany;
let panelA: Panel;
let panelB: Panel;
let testNotaA: string;

useTestApp(
  (s) => ({ t, acct: a } = s),
  () => ({ worker: false, resolveHost: fakeDns({ 'hooks.example.com': [PUBLIC_IP] }) }),
);
beforeAll(async () => {
  b = await seedAccount(t.app.engine, 'Conta B');
  companyA = await a.company();
  companyB = await b.company();
  panelA = await signInPanel(t.url, await seedPessoa(t.app.engine, a.accountId));
  panelB = await signInPanel(t.url, await seedPessoa(t.app.engine, b.accountId));
  const testPrincipal: Principal = { accountId: a.accountId, environment: 'test', apiKeyId: 'seed', companyId: null };
  const nota = await issueNfse(t.app.engine, testPrincipal, {
    body: nfseInput(companyA.id),
    simular: null,
    waitSeconds: 10,
  });
  testNotaA = nota.id;
}, 60_000);

const api = dashboardGraphql(() => ({ url: t.url, key: a.liveKey }));
const v1 = (key: string, path: string) => fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${key}` } });

const KEYS = '{ apiKeys { id ambiente prefixo empresaId criadaEm revogadaEm } }';
const CREATE = `mutation($input: ApiKeyInput!) { createApiKey(input: $input) {
  __typename ... on ApiKeyCreated { chave apiKey { id ambiente prefixo empresaId revogadaEm } } ... on DomainError { codigo mensagem } } }`;
const REVOKE = `mutation($id: ID!) { revokeApiKey(id: $id) {
  __typename ... on ApiKey { id revogadaEm } ... on DomainError { codigo mensagem } } }`;

describe('scope: the signed-in account, production only', () => {
  it("each panel sees its own account and companies, never the other's", async () => {
    const query = '{ account { id } companies { edges { node { id } } } }';
    const [ra, rb] = [await panelA.gql(query), await panelB.gql(query)];
    expect(ra.errors).toBeUndefined();
    expect(ra.data.account.id).toBe(a.accountId);
    expect(rb.data.account.id).toBe(b.accountId);
    expect(nodes(ra.data.companies).map((c) => c.id)).toEqual([companyA.id]);
    expect(nodes(rb.data.companies).map((c) => c.id)).toEqual([companyB.id]);
    const other = await panelA.gql(
      'query($id: ID!) { company(id: $id) { __typename ... on DomainError { codigo } } }',
      { id: companyB.id },
    );
    expect(other.data.company).toEqual({ __typename: 'DomainError', codigo: 'nao_encontrado' });
  });

  it('test-environment notes and webhooks do not appear; production ones do', async () => {
    const viaTestKey = await api.gql('{ notas(first: 10) { edges { node { id } } } }', {}, a.testKey);
    expect(nodes(viaTestKey.data.notas).map((n) => n.id)).toContain(testNotaA);
    const panel = await panelA.gql('{ notas(first: 10) { edges { node { id } } } }');
    expect(panel.errors).toBeUndefined();
    expect(nodes(panel.data.notas)).toEqual([]);

    const create =
      'mutation($url: String!) { createWebhook(input: { url: $url, eventos: [NFSE_AUTORIZADA] }) { __typename ... on WebhookWithSecret { id } ... on DomainError { codigo } } }';
    const testHook = await api.gql(create, { url: 'https://hooks.example.com/teste' }, a.testKey);
    const liveHook = await api.gql(create, { url: 'https://hooks.example.com/producao' }, a.liveKey);
    expect(liveHook.errors, JSON.stringify(liveHook.errors)).toBeUndefined();
    expect(liveHook.data.createWebhook.__typename).toBe('WebhookWithSecret');
    const hooks = await panelA.gql('{ webhooks { edges { node { id } } } }');
    expect(nodes(hooks.data.webhooks).map((h) => h.id)).toEqual([liveHook.data.createWebhook.id]);
    expect(nodes(hooks.data.webhooks).map((h) => h.id)).not.toContain(testHook.data.createWebhook.id);
    expect(nodes((await panelB.gql('{ webhooks { edges { node { id } } } }')).data.webhooks)).toEqual([]);
  });

  it("the integration log shows the account's own production calls only", async () => {
    const callB = await v1(b.liveKey, '/v1/account');
    const callA = await v1(a.liveKey, '/v1/account');
    await t.app.engine.requestLog!.flush();
    const find = (panel: Panel, id: string) =>
      panel.gql(
        'query($id: String!) { requisicoes(filtro: { requisicaoId: $id }) { edges { node { requisicaoId rota } } } }',
        { id },
      );
    expect(nodes((await find(panelA, callA.headers.get('x-request-id')!)).data.requisicoes)).toEqual([
      { requisicaoId: callA.headers.get('x-request-id'), rota: '/v1/account' },
    ]);
    expect(nodes((await find(panelA, callB.headers.get('x-request-id')!)).data.requisicoes)).toEqual([]);
    expect(nodes((await find(panelB, callB.headers.get('x-request-id')!)).data.requisicoes)).toHaveLength(1);
  });

  it("the panel's own calls are not written to the integration log", async () => {
    const before = await t.app.engine.db.requestLogLine.count({ where: { accountId: b.accountId } });
    await panelB.gql('{ account { id } }');
    await t.app.engine.requestLog!.flush();
    expect(await t.app.engine.db.requestLogLine.count({ where: { accountId: b.accountId } })).toBe(before);
  });
});

describe('API keys, managed in the panel', () => {
  it('creates a key shown once, usable on /v1, listed by prefix only, and revokes it', async () => {
    const created = await panelA.gql(CREATE, { input: { ambiente: 'producao', empresaId: companyA.id } });
    expect(created.errors).toBeUndefined();
    const { chave, apiKey } = created.data.createApiKey;
    expect(chave).toMatch(/^svc_live_[\w-]{43}$/);
    expect(apiKey).toMatchObject({
      ambiente: 'producao',
      prefixo: chave.slice(0, 13),
      empresaId: companyA.id,
      revogadaEm: null,
    });
    expect((await v1(chave, `/v1/companies/${companyA.id}`)).status).toBe(200);

    const listed = await panelA.gql(KEYS);
    expect(listed.data.apiKeys.map((k: { id: string }) => k.id)).toContain(apiKey.id);
    expect(JSON.stringify(listed.data)).not.toContain(chave);
    const listedB = await panelB.gql(KEYS);
    expect(listedB.data.apiKeys.map((k: { id: string }) => k.id)).not.toContain(apiKey.id);

    const revoked = await panelA.gql(REVOKE, { id: apiKey.id });
    expect(revoked.data.revokeApiKey).toMatchObject({
      __typename: 'ApiKey',
      id: apiKey.id,
      revogadaEm: expect.any(String),
    });
    expect((await v1(chave, '/v1/account')).status).toBe(401);
  });

  it('a test key comes from ambiente sandbox', async () => {
    const created = await panelB.gql(CREATE, { input: { ambiente: 'sandbox' } });
    expect(created.data.createApiKey.chave).toMatch(/^svc_test_/);
    expect((await v1(created.data.createApiKey.chave, '/v1/account')).status).toBe(200);
  });

  it("never reaches another account's keys or companies", async () => {
    const keyB = (await panelB.gql(CREATE, { input: { ambiente: 'producao' } })).data.createApiKey;
    const revoked = await panelA.gql(REVOKE, { id: keyB.apiKey.id });
    expect(revoked.data.revokeApiKey).toMatchObject({ __typename: 'DomainError', codigo: 'nao_encontrado' });
    expect((await v1(keyB.chave, '/v1/account')).status).toBe(200);
    const restricted = await panelA.gql(CREATE, { input: { ambiente: 'producao', empresaId: companyB.id } });
    expect(restricted.data.createApiKey).toMatchObject({ __typename: 'DomainError', codigo: 'empresa_nao_encontrada' });
  });

  it('an API key can neither list, create nor revoke keys', async () => {
    const listed = await api.gql(KEYS);
    expect(listed.data).toBeNull();
    expect(listed.errors![0]!.extensions).toMatchObject({ codigo: 'acesso_negado' });
    const created = await api.gql(CREATE, { input: { ambiente: 'producao' } });
    expect(created.data.createApiKey).toEqual({
      __typename: 'DomainError',
      codigo: 'acesso_negado',
      mensagem: 'Disponível só no painel.',
    });
    const keys = await t.app.engine.db.apiKey.findMany({
      where: { accountId: a.accountId, revokedAt: null },
      select: { id: true },
    });
    const revoked = await api.gql(REVOKE, { id: keys[0]!.id });
    expect(revoked.data.revokeApiKey).toMatchObject({ __typename: 'DomainError', codigo: 'acesso_negado' });
  });
});

describe('requests to /painel/graphql', () => {
  const post = (headers: Record<string, string>, query: string) =>
    fetch(`${t.url}/painel/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });

  it("a POST without the session's CSRF token is refused before anything runs", async () => {
    const before = await t.app.engine.db.apiKey.count({ where: { accountId: a.accountId } });
    const mutation = 'mutation { createApiKey(input: { ambiente: producao }) { __typename } }';
    for (const token of [undefined, '', panelB.csrf]) {
      const res = await post(
        { cookie: panelA.cookie, ...(token === undefined ? {} : { 'x-csrf-token': token }) },
        mutation,
      );
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ codigo: 'acesso_negado' });
    }
    expect(await t.app.engine.db.apiKey.count({ where: { accountId: a.accountId } })).toBe(before);
  });

  it('without a session it is 401', async () => {
    const res = await post({}, '{ account { id } }');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ codigo: 'nao_autenticado' });
  });

  it('GET runs queries without the CSRF token but never a mutation', async () => {
    const query = await fetch(`${t.url}/painel/graphql?query=${encodeURIComponent('{ account { id } }')}`, {
      headers: { cookie: panelA.cookie },
    });
    expect(query.status).toBe(200);
    expect((await query.json()).data.account.id).toBe(a.accountId);
    const mutation = 'mutation { createApiKey(input: { ambiente: producao }) { __typename } }';
    const refused = await fetch(`${t.url}/painel/graphql?query=${encodeURIComponent(mutation)}`, {
      headers: { cookie: panelA.cookie },
    });
    expect(refused.status).toBe(405);
  });

  it('obeys the same depth, cost and breadth limits as the API', async () => {
    const refused = (
      body: { data?: unknown; errors?: Array<{ extensions?: Record<string, unknown> }> },
      kind: keyof typeof QUERY_LIMITS,
    ) => {
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.find((e) => e.extensions?.limite === kind)?.extensions).toMatchObject({
        codigo: 'consulta_excede_limites',
        maximo: QUERY_LIMITS[kind],
      });
    };
    const pages = [1, 2, 3, 4, 5].map(
      (i) =>
        `p${i}: notas(first: 100) { edges { node { id status empresa { id razaoSocial cnpj municipio } eventos { tipo em detalhe } ajustes { campo acao motivo regra } } } }`,
    );
    refused(await panelA.gql(`{ ${pages.join(' ')} }`), 'complexity');
    const fields = Array.from({ length: QUERY_LIMITS.breadth + 1 }, (_, i) => `a${i}: __typename`).join(' ');
    refused(await panelA.gql(`{ account { ${fields} } }`), 'breadth');
    const nested = (levels: number): string =>
      levels === 0 ? 'id' : `notas(first: 5) { edges { node { empresa { ${nested(levels - 1)} } } } }`;
    refused(await panelA.gql(`{ ${nested(3)} }`), 'depth');
  });
});
