// Every list is a Relay connection (first/after, pageInfo, totalCount) with the filters a
// dashboard needs: the event log, companies, webhooks, webhook deliveries and received documents. The REST lists
// execute the same fields and keep their shapes; the key's environment and company restriction hold on each.
// Item 2: a page of 100 deliveries with their attempts runs a fixed number of SQL statements.
import { beforeAll, describe, expect, it } from 'vitest';
import { appendEvents } from '../../src/engine/eventos/append-events.js';
import { newId } from '../../src/engine/nucleo/new-id.js';
import { dashboardGraphql, nodes } from '../support/graphql.js';
import { httpClient } from '../support/http.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { fakeDns, PUBLIC_IP } from '../support/webhooks.js';
import { useTestApp } from '../support/use-test-app.js';
import { isRequestLogWrite } from '../support/is-request-log-write.js';

let t: TestApp;
let acct: SeededAccount;
let a: SeededCompany;
let b: SeededCompany;
let webhookId: string;
const statements: string[] = [];

const { gql, walk } = dashboardGraphql(() => ({ url: t.url, key: acct.testKey }));

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({
    worker: false,
    resolveHost: fakeDns({ 'hooks.example.com': [PUBLIC_IP] }),
    onQuery: (sql) => void (isRequestLogWrite(sql) || statements.push(sql)),
  }),
);
beforeAll(async () => {
  [a, b] = [await acct.company(), await acct.company()];
  const db = t.app.engine.db;
  const at = t.app.engine.clock.now();
  const event = (environment: 'test' | 'live', tipo: string, dados: unknown) =>
    db.$transaction((tx) =>
      appendEvents(tx, { accountId: acct.accountId, environment, at, events: [{ tipo, dados }] }),
    );
  for (let i = 0; i < 5; i++)
    await event('test', i % 2 ? 'NFSE_REJEITADA' : 'NFSE_AUTORIZADA', { empresa_id: a.id, n: i });
  for (let i = 0; i < 3; i++) await event('test', 'NFSE_AUTORIZADA', { empresa_id: b.id, n: i });
  await event('test', 'EMPRESA_PRONTIDAO_ALTERADA', { sem: 'empresa' });
  await event('live', 'NFSE_AUTORIZADA', { empresa_id: a.id, n: 99 });

  const http = httpClient(t.url, acct.testKey);
  for (const path of ['/um', '/dois', '/tres']) {
    const res = await http.post('/v1/webhooks', {
      url: `https://hooks.example.com${path}`,
      eventos: ['NFSE_AUTORIZADA'],
    });
    expect(res.status, res.text).toBe(201);
    webhookId ??= res.body.id;
  }
  expect((await http.post(`/v1/webhooks/${webhookId}/teste`, {})).status).toBe(202);
  // 100 deliveries, a second apart, each with two attempts.
  const base = at.getTime() - 1_000_000;
  const deliveries = Array.from({ length: 100 }, (_, i) => ({
    id: newId(),
    webhookId,
    accountId: acct.accountId,
    environment: 'test' as const,
    eventId: newId(),
    tipo: 'NFSE_AUTORIZADA',
    dados: { n: i },
    origem: 'evento',
    status: i % 3 === 0 ? 'falhou' : 'entregue',
    attempts: 2,
    eventAt: new Date(base + i * 1000),
    createdAt: new Date(base + i * 1000),
  }));
  await db.webhookDelivery.createMany({ data: deliveries });
  await db.webhookAttempt.createMany({
    data: deliveries.flatMap((d) =>
      [1, 2].map((numero) => ({
        id: newId(),
        deliveryId: d.id,
        numero,
        at: d.createdAt,
        durationMs: 40,
        responseStatus: 500,
      })),
    ),
  });

  const document = (companyId: string, tipo: string, papel: string, i: number) => ({
    id: newId(),
    accountId: acct.accountId,
    environment: 'live' as const,
    companyId,
    tipo,
    papel,
    chaveAcesso: String(i).padStart(44, '3'),
    origem: tipo === 'NFSE' ? 'ADN' : 'SEFAZ',
    nsu: BigInt(i),
    valor: '10.50',
    emitidaEm: new Date(base + i * 1000),
    xml: '<x/>',
    createdAt: new Date(base + i * 1000),
    updatedAt: new Date(base + i * 1000),
  });
  await db.receivedDocument.createMany({
    data: [
      document(a.id, 'NFSE', 'RECEBIDA', 1),
      document(a.id, 'NFE', 'RECEBIDA', 2),
      document(a.id, 'NFSE', 'EMITIDA', 3),
      document(b.id, 'NFSE', 'RECEBIDA', 4),
      { ...document(a.id, 'NFSE', 'RECEBIDA', 5), environment: 'test' },
    ],
  });
}, 180_000);

const EVENTOS = `query($first: Int, $after: String, $filtro: EventosFiltro) { eventos(first: $first, after: $after, filtro: $filtro) {
  totalCount proximoCursor pageInfo { hasNextPage endCursor } edges { cursor node { id tipo dados } } } }`;

describe('Query.eventos (the event log)', () => {
  it("pages oldest first with first/after through the environment's log, the REST list being the same field", async () => {
    const all = await walk('eventos', EVENTOS, { first: 4 });
    expect(all).toHaveLength(9);
    expect(all.map((e) => e.dados.n ?? null)).toEqual([0, 1, 2, 3, 4, 0, 1, 2, null]);
    const rest = await httpClient(t.url, acct.testKey).get('/v1/eventos?limite=4');
    expect(rest.status).toBe(200);
    expect(rest.body.eventos.map((e: { id: string }) => e.id)).toEqual(all.slice(0, 4).map((e) => e.id));
    // REST's cursor is the connection's: the next REST page starts where the fourth edge ends.
    const next = await httpClient(t.url, acct.testKey).get(`/v1/eventos?limite=100&apos=${rest.body.proximo_cursor}`);
    expect(next.body.eventos.map((e: { id: string }) => e.id)).toEqual(all.slice(4).map((e) => e.id));
  });

  it('ordem: recentes lists newest first, after going back to older events, with the same filter', async () => {
    const oldestFirst = await walk('eventos', EVENTOS, { first: 100 });
    const RECENTES = `query($first: Int, $after: String, $filtro: EventosFiltro) { eventos(first: $first, after: $after, filtro: $filtro, ordem: recentes) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id tipo dados } } } }`;
    const newestFirst = await walk('eventos', RECENTES, { first: 4 });
    expect(newestFirst.map((e) => e.id)).toEqual(oldestFirst.map((e) => e.id).reverse());
    const filtered = await gql(RECENTES, { first: 2, filtro: { tipos: ['NFSE_REJEITADA'] } });
    expect(filtered.data.eventos.totalCount).toBe(2);
    expect(filtered.data.eventos.edges.map((e: { node: { dados: { n: number } } }) => e.node.dados.n)).toEqual([3, 1]);
  });

  it('filters by EventType, company and period; an empty page still gives proximoCursor', async () => {
    const rejected = await gql(EVENTOS, { filtro: { tipos: ['NFSE_REJEITADA'] } });
    expect(rejected.data.eventos.totalCount).toBe(2);
    expect(nodes(rejected.data.eventos).map((e) => e.tipo)).toEqual(['NFSE_REJEITADA', 'NFSE_REJEITADA']);
    const ofB = await gql(EVENTOS, { filtro: { empresaId: b.id } });
    expect(nodes(ofB.data.eventos).map((e) => e.dados.empresa_id)).toEqual([b.id, b.id, b.id]);
    const future = await gql(EVENTOS, { filtro: { desde: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(future.data.eventos.edges).toEqual([]);
    expect(typeof future.data.eventos.proximoCursor).toBe('string');
    const unknownType = await gql(EVENTOS, { filtro: { tipos: ['NAO_EXISTE'] } });
    expect(unknownType.errors?.length).toBeGreaterThan(0);
  });

  it('a key restricted to one company sees its events and those about no company, by GraphQL and by REST', async () => {
    const key = await acct.key('test', b.id);
    const mine = await gql(EVENTOS, {}, key);
    expect(mine.errors).toBeUndefined();
    expect(mine.data.eventos.totalCount).toBe(4);
    expect(nodes(mine.data.eventos).map((e) => e.dados.empresa_id ?? null)).toEqual([b.id, b.id, b.id, null]);
    const rest = await httpClient(t.url, key).get('/v1/eventos');
    expect(rest.body.eventos.map((e: { id: string }) => e.id)).toEqual(nodes(mine.data.eventos).map((e) => e.id));
    const foreign = await gql(EVENTOS, { filtro: { empresaId: a.id } }, key);
    expect(foreign.errors?.[0]?.extensions?.codigo).toBe('acesso_negado');
  });

  it('the live environment has its own log', async () => {
    const live = await gql(EVENTOS, {}, acct.liveKey);
    expect(nodes(live.data.eventos).map((e) => e.dados.n)).toEqual([99]);
  });
});

const COMPANIES = `query($first: Int, $after: String, $status: [CompanyStatus!]) { companies(first: $first, after: $after, status: $status) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id status } } } }`;

describe('Query.companies', () => {
  it('pages oldest first; without first it is the whole REST list', async () => {
    const paged = await walk('companies', COMPANIES, { first: 1 });
    expect(paged.map((c) => c.id)).toEqual([a.id, b.id]);
    const rest = await httpClient(t.url, acct.testKey).get('/v1/companies');
    expect(rest.body.map((c: { id: string }) => c.id)).toEqual([a.id, b.id]);
    const paused = await gql(COMPANIES, { status: ['pausada'] });
    expect(paused.data.companies).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('a restricted key lists only its company', async () => {
    const key = await acct.key('test', a.id);
    const mine = await gql(COMPANIES, {}, key);
    expect(mine.data.companies.totalCount).toBe(1);
    expect(nodes(mine.data.companies).map((c) => c.id)).toEqual([a.id]);
  });
});

const WEBHOOKS = `query($first: Int, $after: String) { webhooks(first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id url } } } }`;

describe('Query.webhooks', () => {
  it('pages oldest first, the REST list is the whole connection, and a restricted key is refused', async () => {
    const paged = await walk('webhooks', WEBHOOKS, { first: 2 });
    expect(paged.map((w) => w.url)).toEqual(['um', 'dois', 'tres'].map((p) => `https://hooks.example.com/${p}`));
    const rest = await httpClient(t.url, acct.testKey).get('/v1/webhooks');
    expect(rest.body.map((w: { id: string }) => w.id)).toEqual(paged.map((w) => w.id));
    const live = await gql(WEBHOOKS, {}, acct.liveKey);
    expect(live.data.webhooks.totalCount).toBe(0);
    const restricted = await gql(WEBHOOKS, {}, await acct.key('test', a.id));
    expect(restricted.errors?.[0]?.extensions?.codigo).toBe('chave_restrita');
  });
});

const DELIVERIES = `query($id: ID!, $first: Int, $after: String, $status: String) { webhookDeliveries(id: $id, first: $first, after: $after, status: $status) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id tipo status tentativas { numero statusHttp duracaoMs } } } } }`;

describe('Query.webhookDeliveries', () => {
  it('a page of 100 deliveries with their attempts: a fixed number of SQL statements, the same for 10', async () => {
    statements.length = 0;
    const page = await gql(DELIVERIES, { id: webhookId, first: 100 });
    const sql = [...statements];
    expect(page.errors).toBeUndefined();
    expect(page.data.webhookDeliveries.edges).toHaveLength(100);
    expect(page.data.webhookDeliveries.totalCount).toBe(101);
    expect(
      nodes(page.data.webhookDeliveries).every((d) => d.tentativas.length === 2 || d.tipo === 'WEBHOOK_TESTE'),
    ).toBe(true);
    // The key, the webhook, the deliveries, their attempts and the COUNT, with slack for the driver's own.
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(7);
    statements.length = 0;
    const small = await gql(DELIVERIES, { id: webhookId, first: 10 });
    expect(small.data.webhookDeliveries.edges).toHaveLength(10);
    expect(statements.length).toBe(sql.length);
  });

  it('the test delivery is WEBHOOK_TESTE in GraphQL and webhook.teste in REST; pages and filters agree', async () => {
    const all = await walk('webhookDeliveries', DELIVERIES, { id: webhookId, first: 40 });
    expect(all).toHaveLength(101);
    expect(all[0]!.tipo).toBe('WEBHOOK_TESTE');
    const rest = await httpClient(t.url, acct.testKey).get(`/v1/webhooks/${webhookId}/entregas?limite=2`);
    expect(rest.status).toBe(200);
    expect(rest.body.entregas.map((d: { tipo: string }) => d.tipo)).toEqual(['webhook.teste', 'NFSE_AUTORIZADA']);
    expect(rest.body.entregas.map((d: { id: string }) => d.id)).toEqual(all.slice(0, 2).map((d) => d.id));
    const failed = await gql(DELIVERIES, { id: webhookId, status: 'falhou', first: 200 });
    expect(failed.data.webhookDeliveries.totalCount).toBe(34);
    expect(nodes(failed.data.webhookDeliveries).every((d) => d.status === 'falhou')).toBe(true);
  });

  it('REST keeps its 400s for limite and status', async () => {
    const http = httpClient(t.url, acct.testKey);
    for (const limite of ['0', '201', 'abc', '1.5', '-3']) {
      const res = await http.get(`/v1/webhooks/${webhookId}/entregas?limite=${limite}`);
      expect(res.status, limite).toBe(400);
      // A query parameter is named in the message; campo points into the body only.
      expect(res.body).toMatchObject({ mensagem: 'Parâmetro limite: deve ser um inteiro de 1 a 200.', campo: null });
    }
    // Longer than the document allows: refused by the request validator before the operation, as before.
    expect((await http.get(`/v1/webhooks/${webhookId}/entregas?limite=999999999999999999999`)).status).toBe(400);
    const status = await http.get(`/v1/webhooks/${webhookId}/entregas?status=perdida`);
    expect(status.status).toBe(400);
    expect(status.body).toMatchObject({ mensagem: 'Parâmetro status: valor desconhecido: perdida.', campo: null });
  });
});

const NESTED = `query($first: Int, $status: WebhookDeliveryStatus) { webhooks(first: 5) { edges { node { id
  entregas(first: $first, status: $status) { totalCount pageInfo { hasNextPage endCursor } edges { node { id status tentativas { numero } } } } } } } }`;

describe('Webhook.entregas (nested under the webhooks)', () => {
  it('a page of webhooks with every delivery page of 100 is refused by the cost limit before it runs', async () => {
    const body = await gql(NESTED.replace('webhooks(first: 5)', 'webhooks'), { first: 100 });
    expect(body.errors?.[0]?.extensions).toMatchObject({ codigo: 'consulta_excede_limites', limite: 'complexity' });
  });

  it("each webhook's page of deliveries, as webhookDeliveries pages it, in a fixed number of statements", async () => {
    statements.length = 0;
    const body = await gql(NESTED, { first: 100 });
    const sql = [...statements];
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const hooks = nodes(body.data.webhooks) as Array<{ id: string; entregas: any }>;
    expect(hooks).toHaveLength(3);
    const mine = hooks.find((w) => w.id === webhookId)!;
    expect(mine.entregas.totalCount).toBe(101);
    expect(mine.entregas.edges).toHaveLength(100);
    expect(mine.entregas.pageInfo.hasNextPage).toBe(true);
    const flat = await gql(DELIVERIES, { id: webhookId, first: 100 });
    expect(nodes(mine.entregas).map((d) => d.id)).toEqual(nodes(flat.data.webhookDeliveries).map((d) => d.id));
    expect(nodes(mine.entregas).every((d) => d.tentativas.length === 2 || d.status === 'pendente')).toBe(true);
    for (const other of hooks.filter((w) => w.id !== webhookId))
      expect(other.entregas).toMatchObject({ totalCount: 0, edges: [] });
    // The key, the webhooks, their COUNT, the ranked deliveries, those rows with attempts, the grouped COUNT:
    // the same for three webhooks as for one, and for 10 deliveries each as for 100.
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(8);
    statements.length = 0;
    const small = await gql(NESTED, { first: 10 });
    expect((nodes(small.data.webhooks).find((w: any) => w.id === webhookId) as any).entregas.edges).toHaveLength(10);
    expect(statements.length).toBe(sql.length);
  });

  it('filters by WebhookDeliveryStatus and continues with after like the flat field', async () => {
    const failed = await gql(NESTED, { first: 200, status: 'falhou' });
    const mine = nodes(failed.data.webhooks).find((w: any) => w.id === webhookId) as any;
    expect(mine.entregas.totalCount).toBe(34);
    expect(nodes(mine.entregas).every((d: any) => d.status === 'falhou')).toBe(true);
    const first = await gql(NESTED, { first: 60 });
    const page1 = nodes(first.data.webhooks).find((w: any) => w.id === webhookId) as any;
    const next = await gql(
      `query($after: String) { webhook(id: "${webhookId}") { ... on Webhook { entregas(first: 60, after: $after) { pageInfo { hasNextPage } edges { node { id } } } } } }`,
      { after: page1.entregas.pageInfo.endCursor },
    );
    expect(next.errors, JSON.stringify(next.errors)).toBeUndefined();
    const all = await walk('webhookDeliveries', DELIVERIES, { id: webhookId, first: 200 });
    expect([...nodes(page1.entregas), ...nodes(next.data.webhook.entregas)].map((d: any) => d.id)).toEqual(
      all.map((d) => d.id),
    );
    expect(next.data.webhook.entregas.pageInfo.hasNextPage).toBe(false);
  });

  it("the live environment's webhooks have none of the test environment's deliveries; a restricted key is refused", async () => {
    const live = await gql(NESTED, { first: 5 }, acct.liveKey);
    expect(live.data.webhooks.edges).toEqual([]);
    const restricted = await gql(NESTED, { first: 5 }, await acct.key('test', a.id));
    expect(restricted.errors?.[0]?.extensions?.codigo).toBe('chave_restrita');
  });
});

const DOCUMENTS = `query($first: Int, $after: String, $empresaId: String, $tipo: ReceivedDocumentType) {
  documents(first: $first, after: $after, empresaId: $empresaId, tipo: $tipo) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id empresaId tipo papel situacao valor } } } }`;

describe('Query.documents', () => {
  it('pages newest first with filters for production keys only; REST is the same field', async () => {
    const all = await walk('documents', DOCUMENTS, { first: 2 }, acct.liveKey);
    expect(all.map((d) => [d.tipo, d.papel])).toEqual([
      ['NFSE', 'RECEBIDA'],
      ['NFSE', 'EMITIDA'],
      ['NFE', 'RECEBIDA'],
      ['NFSE', 'RECEBIDA'],
    ]);
    expect(all.every((d) => d.situacao === 'ativa' && d.valor === '10.50')).toBe(true);
    const nfe = await gql(DOCUMENTS, { tipo: 'NFE', empresaId: a.id }, acct.liveKey);
    expect(nfe.data.documents.totalCount).toBe(1);
    const rest = await httpClient(t.url, acct.liveKey).get('/v1/documents?limite=3');
    expect(rest.status).toBe(200);
    expect(rest.body.itens.map((d: { id: string }) => d.id)).toEqual(all.slice(0, 3).map((d) => d.id));
    expect(typeof rest.body.proximoCursor).toBe('string');
    const test = await gql(DOCUMENTS, {}, acct.testKey);
    expect(test.errors?.[0]?.extensions?.codigo).toBe('somente_producao');
  });

  it('a restricted key sees its company only, and another company is acesso_negado', async () => {
    const key = await acct.key('live', b.id);
    const mine = await gql(DOCUMENTS, {}, key);
    expect(nodes(mine.data.documents).map((d) => d.empresaId)).toEqual([b.id]);
    expect(mine.data.documents.totalCount).toBe(1);
    const foreign = await gql(DOCUMENTS, { empresaId: a.id }, key);
    expect(foreign.errors?.[0]?.extensions?.codigo).toBe('acesso_negado');
  });
});
