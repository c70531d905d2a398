import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { appendEvents } from '../../src/engine/eventos/append-events.js';
import { announceEvents } from '../../src/engine/eventos/events-topic.js';
import { followEvents } from '../../src/engine/eventos/follow-events.js';
import type { EventEntry } from '../../src/engine/eventos/list-events.js';
import type { Environment } from '../../src/engine/nucleo/environment.js';
import { requestFingerprint } from '../../src/engine/idempotencia/canonical-json.js';
import { newId } from '../../src/engine/nucleo/new-id.js';
import { operations } from '../../src/rest/operations/index.js';
import { graphql } from '../support/graphql.js';
import { expectProblem, expectStatus, httpClient, type HttpResponse } from '../support/http.js';
import { linha } from '../support/lotes.js';
import { NFE_COMPANY, nfeBody } from '../support/nfe-fixtures.js';
import { nfseBody, ref } from '../support/nfse.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { fakeDns, PUBLIC_IP, webhookBody } from '../support/webhooks.js';

/*
 * Isolation across the three boundaries a key has: its account, its environment (test or live) and, for a key
 * restricted to one company, that company. Company A2 of account A owns one of each resource; three intruders try
 * every /v1 route and the GraphQL queries on them: a key of account B, a key of A restricted to A1, and A's key of
 * the other environment. Each table row names what the spec answers each of them; a route added to the operation
 * list without a row fails the suite.
 */

let t: TestApp;
let acct: SeededAccount;
let other: SeededAccount;
let a1: SeededCompany;
let a2: SeededCompany;
const JUST = 'Pedido cancelado pelo cliente antes da saida';

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ resolveHost: fakeDns({ 'hooks.example.com': [PUBLIC_IP] }) }),
);

/** A2's resources, and what of them must never reach an intruder. */
interface Fixture {
  nfse: { id: string; chave_acesso: string };
  nfe: { id: string; chave_acesso: string; eventoId: string };
  lote: { id: string };
  produto: { id: string; sku: string };
  regra: { id: string };
  inutilizacao: { id: string };
  webhook: { id: string };
  documento: { id: string; chave: string };
}
let f: Fixture;
const keys: Record<string, string> = {};

const sandbox = () => httpClient(t.url, acct.testKey);
const live = () => httpClient(t.url, acct.liveKey);

async function issueNfe(empresaId: string) {
  const res = await sandbox().post('/v1/nfe', nfeBody({ empresa_id: empresaId, referencia: ref('iso-nfe') }));
  return expectStatus(res, 201) as { id: string; chave_acesso: string; empresa_id: string; status: string };
}

/** A received document of A2 and its capture event, written as capture writes them. */
async function receivedDocument(companyId: string) {
  const id = newId();
  const chave = `3550308${String(Date.now()).padEnd(43, '7')}`.slice(0, 50);
  const now = t.app.engine.clock.now();
  await t.app.engine.db.$transaction(async (tx) => {
    await tx.receivedDocument.create({
      data: {
        id,
        accountId: acct.accountId,
        environment: 'live',
        companyId,
        tipo: 'NFSE',
        papel: 'RECEBIDA',
        chaveAcesso: chave,
        origem: 'ADN',
        nsu: 1n,
        xml: '<NFSe/>',
        createdAt: now,
        updatedAt: now,
      },
    });
    await appendEvents(tx, {
      accountId: acct.accountId,
      environment: 'live',
      at: now,
      events: [
        { tipo: 'NOTA_RECEBIDA', dados: { notaId: id, empresaId: companyId, chaveAcesso: chave, nsu: '1' } },
        {
          tipo: 'EVENTO_FISCAL_RECEBIDO',
          dados: { eventoId: newId(), notaId: id, empresaId: companyId, tipoEvento: '101101', nsu: '2' },
        },
      ],
    });
  });
  await announceEvents(t.app.engine, acct.accountId, 'live');
  return { id, chave };
}

beforeAll(async () => {
  a1 = await acct.company(NFE_COMPANY);
  a2 = await acct.company(NFE_COMPANY);
  other = await seedAccount(t.app.engine, 'Outra conta');
  await other.company(NFE_COMPANY);
  keys.a1Test = await acct.key('test', a1.id);
  keys.a1Live = await acct.key('live', a1.id);

  const nfse = expectStatus(await sandbox().post('/v1/nfse', nfseBody(a2.id)), 201);
  const nfe = await issueNfe(a2.id);
  const carta = expectStatus(
    await sandbox().post(`/v1/nfe/${nfe.id}/carta-correcao`, { correcao: 'Corrige o endereco do destinatario' }),
    201,
  );
  const lote = expectStatus(await sandbox().post('/v1/lotes', { empresa_id: a2.id, itens: [linha()] }), 202);
  const sku = `ISO-${newId().slice(0, 8)}`;
  const produto = expectStatus(
    await live().post('/v1/produtos', {
      empresa_id: a2.id,
      sku,
      descricao: 'Agua mineral',
      ncm: '2201.10.00',
      unidade: 'UN',
      origem: 0,
    }),
    201,
  );
  const regra = expectStatus(
    await live().post(`/v1/companies/${a2.id}/regras-tributarias`, {
      descricao: 'Agua sem PIS',
      criterios: { ncm_prefixo: '2201' },
      tributacao: { pis: { cst: '06' } },
    }),
    201,
  );
  const inutilizacao = expectStatus(
    await sandbox().post('/v1/nfe/inutilizacoes', {
      empresa_id: a2.id,
      serie: '1',
      numero_inicial: 900,
      numero_final: 901,
      justificativa: 'Falha do sistema pulou a numeracao',
    }),
    201,
  );
  const webhook = expectStatus(await sandbox().post('/v1/webhooks', webhookBody()), 201);
  f = {
    nfse: { id: nfse.id, chave_acesso: nfse.chave_acesso },
    nfe: { id: nfe.id, chave_acesso: nfe.chave_acesso, eventoId: carta.carta_correcao.id },
    lote: { id: lote.id },
    produto: { id: produto.id, sku },
    regra: { id: regra.id },
    inutilizacao: { id: inutilizacao.id },
    webhook: { id: webhook.id },
    documento: await receivedDocument(a2.id),
  };
});

describe('Idempotency-Key: a repetition is the same request, about what the caller may reach', () => {
  it('the same key and body on another note is 409 idempotencia_conflito, and the restricted key never gets the other company’s note', async () => {
    const mine = await issueNfe(a1.id);
    const theirs = await issueNfe(a2.id);
    const key = `iso-${newId()}`;
    const headers = { 'idempotency-key': key };
    const done = await sandbox().post(`/v1/nfe/${theirs.id}/cancelamento`, { justificativa: JUST }, { headers });
    expect(expectStatus(done, 200).status).toBe('cancelada');

    const restricted = httpClient(t.url, keys.a1Test);
    // Another path with the same key and body is another request.
    const otherPath = await restricted.post(`/v1/nfe/${mine.id}/cancelamento`, { justificativa: JUST }, { headers });
    expectProblem(otherPath, 409, 'idempotencia_conflito');
    expect(otherPath.text).not.toContain(theirs.id);
    // The very request the account key made: its answer is about A2, which this key does not reach.
    const samePath = await restricted.post(`/v1/nfe/${theirs.id}/cancelamento`, { justificativa: JUST }, { headers });
    expectProblem(samePath, 403, 'acesso_negado');
    expect(samePath.text).not.toContain(theirs.chave_acesso);

    // Nothing was cancelled in A1 by the refused calls, and A1's own cancellation still works.
    expect(expectStatus(await restricted.get(`/v1/nfe/${mine.id}`), 200).status).toBe('autorizada');
    const own = await restricted.post(`/v1/nfe/${mine.id}/cancelamento`, { justificativa: JUST });
    expect(expectStatus(own, 200)).toMatchObject({ id: mine.id, status: 'cancelada' });
  });

  it('a restricted key repeating an issuance the account key made for another company gets 403, for its own company the stored answer', async () => {
    const restricted = httpClient(t.url, keys.a1Test);
    const theirsBody = nfseBody(a2.id);
    const theirsKey = { 'idempotency-key': `iso-${newId()}` };
    const theirs = expectStatus(await sandbox().post('/v1/nfse', theirsBody, { headers: theirsKey }), 201);
    const refused = await restricted.post('/v1/nfse', theirsBody, { headers: theirsKey });
    expectProblem(refused, 403, 'acesso_negado');
    expect(refused.text).not.toContain(theirs.id);

    const mineBody = nfseBody(a1.id);
    const mineKey = { 'idempotency-key': `iso-${newId()}` };
    const mine = expectStatus(await sandbox().post('/v1/nfse', mineBody, { headers: mineKey }), 201);
    const replay = await restricted.post('/v1/nfse', mineBody, { headers: mineKey });
    expect(expectStatus(replay, 201).id).toBe(mine.id);
  });

  it('a webhook created with a key is never handed, with its secret, to a restricted key repeating the call', async () => {
    const body = webhookBody({ url: 'https://hooks.example.com/iso-replay' });
    const headers = { 'idempotency-key': `iso-${newId()}` };
    const created = expectStatus(await sandbox().post('/v1/webhooks', body, { headers }), 201);
    const refused = await httpClient(t.url, keys.a1Test).post('/v1/webhooks', body, { headers });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(created.segredo);
    expect(refused.text).not.toContain(created.id);
  });
});

describe('Idempotency-Key records stored before the route counted (version 1)', () => {
  /** A record as the service stored it before: fingerprint of operation and body, the answer about `companyId`. */
  async function legacyRecord(key: string, body: unknown, answer: Record<string, unknown>, companyId: string) {
    await t.app.engine.db.idempotencyRecord.create({
      data: {
        id: newId(),
        accountId: acct.accountId,
        environment: 'test',
        key,
        fingerprint: requestFingerprint('issueNfse', body),
        companyId,
        state: 'done',
        responseStatus: 201,
        responseBody: answer as object,
        createdAt: t.app.engine.clock.now(),
        completedAt: t.app.engine.clock.now(),
      },
    });
  }

  it('still replays its request, and still refuses its answer to a key restricted to another company', async () => {
    // The answer the old record holds: a note issued for that body (its referencia now taken, so a run would 409).
    const body = nfseBody(a2.id);
    const stored = expectStatus(await sandbox().post('/v1/nfse', body), 201);
    const headers = { 'idempotency-key': `iso-${newId()}` };
    await legacyRecord(headers['idempotency-key'], body, stored, a2.id);
    const replay = await sandbox().post('/v1/nfse', body, { headers });
    expect(expectStatus(replay, 201)).toEqual(stored);
    const refused = await httpClient(t.url, keys.a1Test).post('/v1/nfse', body, { headers });
    expectProblem(refused, 403, 'acesso_negado');
    expect(refused.text).not.toContain(stored.id);
    // Another body under the same key is another request, as before.
    expectProblem(await sandbox().post('/v1/nfse', nfseBody(a2.id), { headers }), 409, 'idempotencia_conflito');
  });
});

describe('the event log: a key restricted to A1 never reads A2’s events, whatever names the company', () => {
  const leaked = (events: Array<{ dados: unknown }>) =>
    events.filter((e) => JSON.stringify(e.dados).includes(a2.id) || JSON.stringify(e.dados).includes(f.documento.id));

  it('GET /v1/eventos leaves out A2’s received documents; ?empresa_id=A2 is 403', async () => {
    const restricted = httpClient(t.url, keys.a1Live);
    const page = expectStatus(await restricted.get('/v1/eventos?limite=1000'), 200);
    expect(leaked(page.eventos)).toEqual([]);
    expectProblem(await restricted.get(`/v1/eventos?empresa_id=${a2.id}`), 403, 'acesso_negado');
    // The account key sees them, and filters on either spelling of the company.
    const all = expectStatus(await live().get(`/v1/eventos?limite=1000&empresa_id=${a2.id}`), 200);
    expect(all.eventos.map((e: { tipo: string }) => e.tipo)).toEqual(
      expect.arrayContaining(['NOTA_RECEBIDA', 'EVENTO_FISCAL_RECEBIDO']),
    );
  });

  it('GraphQL eventos leaves them out, and counts them out', async () => {
    const query = '{ eventos(first: 1000) { totalCount edges { node { tipo dados } } } }';
    const data = await graphql(t.url, keys.a1Live, query);
    const nodes = data.eventos.edges.map((e: { node: unknown }) => e.node);
    expect(leaked(nodes)).toEqual([]);
    expect(data.eventos.totalCount).toBe(nodes.length);
  });

  it('the live tail leaves them out', async () => {
    const principal: Principal = { accountId: acct.accountId, environment: 'live', apiKeyId: 'k', companyId: a1.id };
    const tail = followEvents(t.app.engine, principal);
    const first = tail.next();
    // Let the tail take its position before the events are written.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await receivedDocument(a2.id);
    const ofA1 = await receivedDocument(a1.id);
    const got = (await first).value as EventEntry;
    await tail.return?.();
    expect(got.tipo).toBe('NOTA_RECEBIDA');
    expect((got.dados as { notaId: string }).notaId).toBe(ofA1.id);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The route table.

type Intruder = 'conta' | 'restrita' | 'ambiente';
/** The statuses the spec gives an intruder, or why the boundary does not apply to this route. */
type Expected = number[] | { livre: string };

interface Row {
  /** The environment of the resource (and of the intruders' keys but `ambiente`'s). */
  env: Environment;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  expect: Record<Intruder, Expected>;
}

const NOT_FOUND = [404];
const REFUSED = [403];
const HIDDEN = [403, 404];
const LISTED = [200];
const SHARED = { livre: 'companies belong to the account, in both environments' };
const CATALOGUE = { livre: 'public catalogue data, the same for every account' };

/** Resource routes of one id: B does not find it, A1's key is refused it, the other environment does not find it. */
const resource = (
  env: Environment,
  method: Row['method'],
  path: Row['path'],
  body?: Row['body'],
  restrita: Expected = HIDDEN,
): Row => ({ env, method, path, body, expect: { conta: NOT_FOUND, restrita, ambiente: NOT_FOUND } });

/** Creations naming A2 in the body: B does not find A2, A1's key is refused it; A2 is A's in both environments. */
const creation = (env: Environment, path: string, body: Row['body']): Row => ({
  env,
  method: 'POST',
  path: () => path,
  body,
  expect: { conta: HIDDEN, restrita: REFUSED, ambiente: SHARED },
});

/** Lists: every intruder gets its own page, without A2's data. */
const list = (env: Environment, path: string, over: Partial<Record<Intruder, Expected>> = {}): Row => ({
  env,
  method: 'GET',
  path: () => path,
  expect: { conta: LISTED, restrita: LISTED, ambiente: LISTED, ...over },
});

const ROUTES: Record<string, Row> = {
  listCompanies: list('live', '/v1/companies', { ambiente: SHARED }),
  createCompany: {
    env: 'live',
    method: 'POST',
    path: () => '/v1/companies',
    body: () => ({ cnpj: '11222333000181', razao_social: 'Intrusa Ltda', municipio: '4314902' }),
    expect: { conta: { livre: 'creates in its own account' }, restrita: REFUSED, ambiente: REFUSED },
  },
  getCompany: {
    ...resource('live', 'GET', () => `/v1/companies/${a2.id}`),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: SHARED },
  },
  updateCompany: {
    ...resource(
      'live',
      'PATCH',
      () => `/v1/companies/${a2.id}`,
      () => ({ razao_social: 'Tomada Ltda' }),
    ),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: REFUSED },
  },
  pauseCompany: {
    ...resource('live', 'POST', () => `/v1/companies/${a2.id}/pausa`),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: REFUSED },
  },
  resumeCompany: {
    ...resource('live', 'POST', () => `/v1/companies/${a2.id}/retomada`),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: REFUSED },
  },
  deleteCompany: {
    ...resource('live', 'DELETE', () => `/v1/companies/${a2.id}`),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: REFUSED },
  },
  uploadCertificate: {
    ...resource(
      'live',
      'POST',
      () => `/v1/companies/${a2.id}/certificate`,
      () => ({ arquivo: 'AAAA', senha: 'x' }),
    ),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: REFUSED },
  },
  setCompanyLogo: {
    ...resource(
      'live',
      'PUT',
      () => `/v1/companies/${a2.id}/logo`,
      () => ({ arquivo: 'AAAA' }),
    ),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: REFUSED },
  },
  deleteCompanyLogo: {
    ...resource('live', 'DELETE', () => `/v1/companies/${a2.id}/logo`),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: REFUSED },
  },
  getReadiness: {
    ...resource('live', 'GET', () => `/v1/companies/${a2.id}/prontidao`),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: SHARED },
  },

  issueNfse: creation('test', '/v1/nfse', () => nfseBody(a2.id)),
  // A validation answers 200 with its findings: B's is that A2 is not found in B's account.
  validateNfse: {
    ...creation('test', '/v1/nfse/validacoes', () => nfseBody(a2.id)),
    expect: { conta: LISTED, restrita: REFUSED, ambiente: SHARED },
  },
  listNfse: list('test', '/v1/nfse'),
  getNfse: resource('test', 'GET', (x) => `/v1/nfse/${x.nfse.id}`),
  confirmNfse: resource(
    'test',
    'POST',
    (x) => `/v1/nfse/${x.nfse.id}/confirmacao`,
    () => ({}),
  ),
  cancelNfse: resource(
    'test',
    'POST',
    (x) => `/v1/nfse/${x.nfse.id}/cancelamento`,
    () => ({ codigo_motivo: '1', motivo: JUST }),
  ),
  requestNfseEmail: resource(
    'test',
    'POST',
    (x) => `/v1/nfse/${x.nfse.id}/email`,
    () => ({ destinatarios: ['intruso@example.com'] }),
  ),
  getNfseXml: resource('test', 'GET', (x) => `/v1/nfse/${x.nfse.id}/xml`),
  getNfsePdf: resource('test', 'GET', (x) => `/v1/nfse/${x.nfse.id}/pdf`),
  // The list's scope: each intruder's CSV lists only its own notes.
  exportNfse: list('test', '/v1/nfse/exportacao?formato=csv'),

  createNfe: creation('test', '/v1/nfe', () => nfeBody({ empresa_id: a2.id, referencia: ref('iso') })),
  previewNfe: creation('test', '/v1/nfe/previa', () => nfeBody({ empresa_id: a2.id, referencia: ref('iso') })),
  listNfe: list('test', '/v1/nfe'),
  exportNfe: list('test', '/v1/nfe/exportacao?formato=csv'),
  getNfe: resource('test', 'GET', (x) => `/v1/nfe/${x.nfe.id}`),
  getNfeXml: resource('test', 'GET', (x) => `/v1/nfe/${x.nfe.id}/xml`),
  getNfePdf: resource('test', 'GET', (x) => `/v1/nfe/${x.nfe.id}/pdf`),
  cancelNfe: resource(
    'test',
    'POST',
    (x) => `/v1/nfe/${x.nfe.id}/cancelamento`,
    () => ({ justificativa: JUST }),
  ),
  registerNfeCartaCorrecao: resource(
    'test',
    'POST',
    (x) => `/v1/nfe/${x.nfe.id}/carta-correcao`,
    () => ({ correcao: 'Corrige o endereco do destinatario' }),
  ),
  correctNfe: resource(
    'test',
    'POST',
    (x) => `/v1/nfe/${x.nfe.id}/correcao`,
    () => nfeBody({ empresa_id: a2.id }),
  ),
  getNfeEventoXml: resource('test', 'GET', (x) => `/v1/nfe/${x.nfe.id}/eventos/${x.nfe.eventoId}/xml`),
  discardNfe: resource('test', 'POST', (x) => `/v1/nfe/${x.nfe.id}/descarte`),
  inutilizeNfe: creation('test', '/v1/nfe/inutilizacoes', () => ({
    empresa_id: a2.id,
    serie: '1',
    numero_inicial: 950,
    numero_final: 951,
    justificativa: 'Falha do sistema pulou a numeracao',
  })),
  listNfeInutilizacoes: list('test', '/v1/nfe/inutilizacoes'),
  getNfeCobertura: list('test', '/v1/nfe/cobertura'),

  createLote: creation('test', '/v1/lotes', () => ({ empresa_id: a2.id, itens: [linha()] })),
  listLotes: list('test', '/v1/lotes'),
  getLote: resource('test', 'GET', (x) => `/v1/lotes/${x.lote.id}`),
  listLoteItens: resource('test', 'GET', (x) => `/v1/lotes/${x.lote.id}/itens`),
  emitLote: resource(
    'test',
    'POST',
    (x) => `/v1/lotes/${x.lote.id}/emissao`,
    () => ({ todas: true }),
  ),
  reprocessLote: resource(
    'test',
    'POST',
    (x) => `/v1/lotes/${x.lote.id}/reprocessamento`,
    () => ({ itens: [linha()] }),
  ),
  getLoteReport: resource('test', 'GET', (x) => `/v1/lotes/${x.lote.id}/relatorio`),

  createProduto: creation('live', '/v1/produtos', () => ({
    empresa_id: a2.id,
    sku: `X-${newId().slice(0, 6)}`,
    descricao: 'Agua',
    ncm: '2201.10.00',
    unidade: 'UN',
    origem: 0,
  })),
  listProdutos: list('live', '/v1/produtos'),
  getProduto: resource('live', 'GET', (x) => `/v1/produtos/${x.produto.sku}?empresa_id=${a2.id}`),
  updateProduto: resource(
    'live',
    'PATCH',
    (x) => `/v1/produtos/${x.produto.sku}?empresa_id=${a2.id}`,
    () => ({ descricao: 'Tomada' }),
  ),
  deleteProduto: resource('live', 'DELETE', (x) => `/v1/produtos/${x.produto.sku}?empresa_id=${a2.id}`),

  createRegraTributaria: {
    ...resource(
      'live',
      'POST',
      () => `/v1/companies/${a2.id}/regras-tributarias`,
      () => ({ descricao: 'Intrusa', tributacao: { cofins: { cst: '06' } } }),
    ),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: SHARED },
  },
  listRegrasTributarias: {
    ...resource('live', 'GET', () => `/v1/companies/${a2.id}/regras-tributarias`),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: LISTED },
  },
  getRegraTributaria: resource('live', 'GET', (x) => `/v1/companies/${a2.id}/regras-tributarias/${x.regra.id}`),
  updateRegraTributaria: resource(
    'live',
    'PATCH',
    (x) => `/v1/companies/${a2.id}/regras-tributarias/${x.regra.id}`,
    () => ({ descricao: 'Tomada' }),
  ),
  deleteRegraTributaria: resource('live', 'DELETE', (x) => `/v1/companies/${a2.id}/regras-tributarias/${x.regra.id}`),

  createWebhook: {
    env: 'test',
    method: 'POST',
    path: () => '/v1/webhooks',
    body: () => webhookBody(),
    expect: {
      conta: { livre: 'creates in its own account' },
      restrita: REFUSED,
      ambiente: { livre: 'creates in its own environment' },
    },
  },
  listWebhooks: list('test', '/v1/webhooks', { restrita: REFUSED }),
  getWebhook: resource('test', 'GET', (x) => `/v1/webhooks/${x.webhook.id}`, undefined, REFUSED),
  updateWebhook: resource(
    'test',
    'PATCH',
    (x) => `/v1/webhooks/${x.webhook.id}`,
    () => ({ url: 'https://hooks.example.com/tomado' }),
    REFUSED,
  ),
  deleteWebhook: resource('test', 'DELETE', (x) => `/v1/webhooks/${x.webhook.id}`, undefined, REFUSED),
  testWebhook: resource('test', 'POST', (x) => `/v1/webhooks/${x.webhook.id}/teste`, undefined, REFUSED),
  rotateWebhookSecret: resource(
    'test',
    'POST',
    (x) => `/v1/webhooks/${x.webhook.id}/rotacao-segredo`,
    undefined,
    REFUSED,
  ),
  listWebhookDeliveries: resource('test', 'GET', (x) => `/v1/webhooks/${x.webhook.id}/entregas`, undefined, REFUSED),
  resendWebhookEvents: resource(
    'test',
    'POST',
    (x) => `/v1/webhooks/${x.webhook.id}/reenvio`,
    () => ({ desde: '2026-01-01T00:00:00Z' }),
    REFUSED,
  ),
  listEvents: list('live', '/v1/eventos?limite=1000'),

  listDocuments: list('live', '/v1/documents', { ambiente: REFUSED }),
  getDocument: {
    ...resource('live', 'GET', (x) => `/v1/documents/${x.documento.id}`),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: REFUSED },
  },
  getDocumentXml: {
    ...resource('live', 'GET', (x) => `/v1/documents/${x.documento.id}/xml`),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: REFUSED },
  },
  manifestDocument: {
    ...resource(
      'live',
      'POST',
      (x) => `/v1/documents/${x.documento.id}/manifestacao`,
      () => ({ tipo: 'ciencia' }),
    ),
    expect: { conta: NOT_FOUND, restrita: HIDDEN, ambiente: REFUSED },
  },

  getAccount: list('live', '/v1/account'),
  getUsage: list('live', '/v1/usage'),
  listRequisicoes: list('live', '/v1/requisicoes'),
  listServicos: {
    ...list('live', '/v1/servicos'),
    expect: { conta: CATALOGUE, restrita: CATALOGUE, ambiente: CATALOGUE },
  },
  getServico: {
    ...list('live', '/v1/servicos/010101'),
    expect: { conta: CATALOGUE, restrita: CATALOGUE, ambiente: CATALOGUE },
  },
  listMunicipios: {
    ...list('live', '/v1/municipios'),
    expect: { conta: CATALOGUE, restrita: CATALOGUE, ambiente: CATALOGUE },
  },
  getMunicipio: {
    ...list('live', '/v1/municipios/4314902'),
    expect: { conta: CATALOGUE, restrita: CATALOGUE, ambiente: CATALOGUE },
  },
};

const otherEnv = (env: Environment): Environment => (env === 'test' ? 'live' : 'test');

function intruderKey(who: Intruder, env: Environment): string {
  if (who === 'conta') return env === 'test' ? other.testKey : other.liveKey;
  if (who === 'restrita') return env === 'test' ? keys.a1Test : keys.a1Live;
  return env === 'test' ? acct.testKey : acct.liveKey;
}

/**
 * What of A2 an intruder must not read: everything for B and A1's key; for A's key of the other environment, what
 * A2 has in the row's environment (its notes, batches and webhooks are the test environment's; its products and
 * received documents the live one's; the company itself is the account's in both).
 */
function secretsFor(who: Intruder, rowEnv: Environment): string[] {
  const test = [
    f.nfse.id,
    f.nfse.chave_acesso,
    f.nfe.id,
    f.nfe.chave_acesso,
    f.lote.id,
    f.inutilizacao.id,
    f.webhook.id,
  ];
  const live = [f.produto.id, f.documento.id, f.documento.chave];
  if (who === 'ambiente') return rowEnv === 'test' ? test : live;
  return [...test, ...live, a2.id, a2.cnpj];
}

// Everything each intruder's key sent: its own request log (GET /v1/requisicoes) shows the ids it asked for.
const sentBy = new Map<string, string>();

async function attempt(row: Row, who: Intruder): Promise<{ res: HttpResponse; sent: string }> {
  // The intruders' keys are of the row's environment, but the other environment's key of A.
  const env = who === 'ambiente' ? otherEnv(row.env) : row.env;
  const key = intruderKey(who, env);
  const path = row.path(f);
  const body = row.body?.(f);
  const res = await httpClient(t.url, key).request(row.method, path, body === undefined ? {} : { body });
  sentBy.set(key, `${sentBy.get(key) ?? ''}\n${path}${JSON.stringify(body ?? null)}`);
  return { res, sent: sentBy.get(key)! };
}

describe('every /v1 route against the three intruders', () => {
  it('every operation has a row', () => {
    expect(Object.keys(operations).filter((op) => !(op in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((op) => !(op in operations))).toEqual([]);
  });

  for (const [operationId, row] of Object.entries(ROUTES)) {
    for (const who of ['conta', 'restrita', 'ambiente'] as const) {
      const expected = row.expect[who];
      if (!Array.isArray(expected)) continue;
      it(`${operationId} × ${who}: ${expected.join(' or ')}, nothing of A2`, async () => {
        const { res, sent } = await attempt(row, who);
        const context = `${row.method} ${row.path(f)} (${res.status}): ${res.text.slice(0, 400)}`;
        expect(expected, context).toContain(res.status);
        const leaked = secretsFor(who, row.env).filter((s) => res.text.includes(s) && !sent.includes(s));
        expect(leaked, context).toEqual([]);
      });
    }
  }
});

// ---------------------------------------------------------------------------------------------------------------
// The GraphQL queries. Mutations run the same resolvers as the /v1 routes above (each route is a GraphQL document),
// so the route table covers them; every root query field has a row here.

interface QueryRow {
  env: Environment;
  /** The document; `$id` and the other variables come from `variables`. */
  query: string;
  variables?: (f: Fixture) => Record<string, unknown>;
  /** `erro`: A2's resource is answered with a DomainError; `lista`: the intruder's own page, nothing of A2. */
  expect: Record<Intruder, 'erro' | 'lista' | { livre: string }>;
}

const ERROR_FIELDS = '__typename ... on DomainError { codigo }';
const one = (
  env: Environment,
  field: string,
  args: string,
  variables: QueryRow['variables'],
  own = 'erro' as const,
): QueryRow => ({
  env,
  query: `query${args ? `(${args})` : ''} { ${field} { ${ERROR_FIELDS} } }`,
  variables,
  expect: { conta: own, restrita: own, ambiente: own },
});
const page = (env: Environment, field: string, selection = 'totalCount edges { node { id } }'): QueryRow => ({
  env,
  query: `{ ${field} { ${selection} } }`,
  expect: { conta: 'lista', restrita: 'lista', ambiente: 'lista' },
});

const QUERIES: Record<string, QueryRow> = {
  account: page('live', 'account', 'id'),
  usage: page('live', 'usage', 'ciclo'),
  apiKeys: page('live', 'apiKeys', 'id'),
  // The panel's list of dead transmission jobs: no API key reads it, whoever owns the key.
  transmissoesDesistidas: {
    ...page('live', 'transmissoesDesistidas', 'totalCount edges { node { id documentoId referencia } }'),
    expect: { conta: 'erro', restrita: 'erro', ambiente: 'erro' },
  },
  companies: { ...page('live', 'companies'), expect: { conta: 'lista', restrita: 'lista', ambiente: SHARED } },
  company: {
    ...one('live', 'company(id: $id)', '$id: ID!', () => ({ id: a2.id })),
    expect: { conta: 'erro', restrita: 'erro', ambiente: SHARED },
  },
  readiness: {
    ...one('live', 'readiness(companyId: $id)', '$id: ID!', () => ({ id: a2.id })),
    expect: { conta: 'erro', restrita: 'erro', ambiente: SHARED },
  },
  document: one('live', 'document(id: $id)', '$id: String!', (x) => ({ id: x.documento.id })),
  documentXml: one('live', 'documentXml(id: $id)', '$id: String!', (x) => ({ id: x.documento.id })),
  documents: page('live', 'documents'),
  eventos: page('live', 'eventos(first: 1000)', 'totalCount edges { node { id tipo dados } }'),
  lote: one('test', 'lote(id: $id)', '$id: String!', (x) => ({ id: x.lote.id })),
  lotes: page('test', 'lotes'),
  nfe: one('test', 'nfe(id: $id)', '$id: String!', (x) => ({ id: x.nfe.id })),
  nfeDanfe: one('test', 'nfeDanfe(id: $id)', '$id: String!', (x) => ({ id: x.nfe.id })),
  nfeXml: one('test', 'nfeXml(id: $id)', '$id: String!', (x) => ({ id: x.nfe.id })),
  nfeEventoXml: one('test', 'nfeEventoXml(id: $id, eventoId: $evento)', '$id: String!, $evento: String!', (x) => ({
    id: x.nfe.id,
    evento: x.nfe.eventoId,
  })),
  nfes: page('test', 'nfes'),
  nfeInutilizacoes: page('test', 'nfeInutilizacoes'),
  nfeCobertura: page('test', 'nfeCobertura', 'icms { __typename }'),
  nfse: one('test', 'nfse(id: $id)', '$id: String!', (x) => ({ id: x.nfse.id })),
  nfseDanfse: one('test', 'nfseDanfse(id: $id)', '$id: String!', (x) => ({ id: x.nfse.id })),
  nfseXml: one('test', 'nfseXml(id: $id)', '$id: String!', (x) => ({ id: x.nfse.id })),
  notas: page('test', 'notas'),
  produto: one('live', 'produto(sku: $sku, empresaId: $empresa)', '$sku: String!, $empresa: ID', (x) => ({
    sku: x.produto.sku,
    empresa: a2.id,
  })),
  produtos: page('live', 'produtos'),
  regrasTributarias: {
    env: 'live',
    query: 'query($e: ID!) { regrasTributarias(empresaId: $e) { totalCount edges { node { id } } } }',
    variables: () => ({ e: a2.id }),
    expect: { conta: 'erro', restrita: 'erro', ambiente: 'lista' },
  },
  regraTributaria: one('live', 'regraTributaria(empresaId: $e, id: $id)', '$e: ID!, $id: ID!', (x) => ({
    e: a2.id,
    id: x.regra.id,
  })),
  requisicoes: page('live', 'requisicoes'),
  webhook: one('test', 'webhook(id: $id)', '$id: ID!', (x) => ({ id: x.webhook.id })),
  webhookDeliveries: one('test', 'webhookDeliveries(id: $id)', '$id: ID!', (x) => ({ id: x.webhook.id })),
  webhooks: page('test', 'webhooks'),
  servico: {
    ...one('live', 'servico(codigo: "010101")', '', undefined),
    expect: { conta: CATALOGUE, restrita: CATALOGUE, ambiente: CATALOGUE },
  },
  servicos: { ...page('live', 'servicos'), expect: { conta: CATALOGUE, restrita: CATALOGUE, ambiente: CATALOGUE } },
  municipio: {
    ...one('live', 'municipio(ibge: "4314902")', '', undefined),
    expect: { conta: CATALOGUE, restrita: CATALOGUE, ambiente: CATALOGUE },
  },
  municipios: { ...page('live', 'municipios'), expect: { conta: CATALOGUE, restrita: CATALOGUE, ambiente: CATALOGUE } },
};

describe('every GraphQL query against the three intruders', () => {
  it('every root query field has a row', () => {
    const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
    const fields = Object.keys(schema.getQueryType()!.getFields());
    expect(fields.filter((name) => !(name in QUERIES))).toEqual([]);
    expect(Object.keys(QUERIES).filter((name) => !fields.includes(name))).toEqual([]);
  });

  for (const [field, row] of Object.entries(QUERIES)) {
    for (const who of ['conta', 'restrita', 'ambiente'] as const) {
      const expected = row.expect[who];
      if (typeof expected !== 'string') continue;
      it(`${field} × ${who}: ${expected === 'erro' ? 'a DomainError' : 'its own page'}, nothing of A2`, async () => {
        const env = who === 'ambiente' ? otherEnv(row.env) : row.env;
        const res = await fetch(`${t.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${intruderKey(who, env)}` },
          body: JSON.stringify({ query: row.query, variables: row.variables?.(f) ?? {} }),
        });
        const text = await res.text();
        const body = JSON.parse(text) as { data?: Record<string, any>; errors?: unknown[] };
        const context = `${field} (${res.status}): ${text.slice(0, 400)}`;
        if (expected === 'erro') {
          // Refused as a DomainError in the union, or as a request error (an auth scope); never the resource.
          const typename = body.data ? Object.values(body.data)[0]?.__typename : undefined;
          expect(typename === 'DomainError' || (body.errors?.length ?? 0) > 0, context).toBe(true);
        }
        const leaked = secretsFor(who, row.env).filter((s) => text.includes(s));
        expect(leaked, context).toEqual([]);
      });
    }
  }
});
