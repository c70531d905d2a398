import { createClient, type Client, type ExecutionResult } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TopicStream } from '../../src/engine/nucleo/pubsub.js';
import { httpClient } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/wait.js';

let t: TestApp;
let acct: SeededAccount;
const clients: Client[] = [];

beforeAll(async () => {
  t = await startTestApp();
  acct = await seedAccount(t.app.engine);
});
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await t?.close();
});

async function gql(query: string, options: { key?: string | null; variables?: Record<string, unknown> } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables: options.variables }),
  });
  return { status: res.status, requestId: res.headers.get('x-request-id'), body: (await res.json()) as any };
}

const COMPANIES = '{ companies { totalCount edges { node { id cnpj status } } } }';

describe('POST /graphql', () => {
  it('answers queries for a key of either environment', async () => {
    const company = await acct.company({}, { certificate: false });
    for (const key of [acct.liveKey, acct.testKey]) {
      const res = await gql(COMPANIES, { key });
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.companies.edges.map((e: { node: unknown }) => e.node)).toContainEqual({
        id: company.id,
        cnpj: company.cnpj,
        status: 'ativa',
      });
      expect(res.body.data.companies.totalCount).toBe(res.body.data.companies.edges.length);
      expect(res.requestId).toBeTruthy();
    }
    const account = await gql('{ account { id plano } }', { key: acct.testKey });
    expect(account.body.data.account).toEqual({ id: acct.accountId, plano: 'ativo' });
  });

  it('without a key: a top-level error with codigo nao_autenticado and no data', async () => {
    for (const query of [COMPANIES, '{ account { id } }', 'mutation { pauseCompany(id: "x") { __typename } }']) {
      const res = await gql(query);
      expect(res.status).toBe(200);
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0].extensions).toMatchObject({ codigo: 'nao_autenticado' });
    }
  });

  it('with an invalid or revoked key: 401 nao_autenticado before any execution', async () => {
    const res = await gql(COMPANIES, { key: `svc_live_${'x'.repeat(43)}` });
    expect(res.status).toBe(401);
    expect(res.body.codigo).toBe('nao_autenticado');
  });

  it('domain refusals are union members with their codigo (a test key pausing)', async () => {
    const company = await acct.company({}, { certificate: false });
    const res = await gql(
      'mutation($id: ID!) { pauseCompany(id: $id) { __typename ... on DomainError { codigo mensagem } } }',
      {
        key: acct.testKey,
        variables: { id: company.id },
      },
    );
    expect(res.body.data.pauseCompany).toMatchObject({ __typename: 'DomainError', codigo: 'somente_producao' });
  });
});

function wsClient(connectionParams?: Record<string, unknown>) {
  const client = createClient({
    url: `${t.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: true,
  });
  clients.push(client);
  return client;
}

const SUBSCRIPTION = 'subscription($id: ID!) { companyUpdated(id: $id) { id status } }';

/** Collects what one subscription delivers; `error` holds a close event or GraphQL errors. */
function collect(client: Client, id: string) {
  const results: ExecutionResult[] = [];
  let error: unknown = null;
  let done = false;
  const dispose = client.subscribe(
    { query: SUBSCRIPTION, variables: { id } },
    {
      next: (r) => void results.push(r as ExecutionResult),
      error: (e) => {
        error = e;
        done = true;
      },
      complete: () => {
        done = true;
      },
    },
  );
  return {
    results,
    dispose,
    get error() {
      return error;
    },
    get done() {
      return done;
    },
  };
}

describe('graphql-ws over ws://…/graphql', () => {
  it('delivers companyUpdated: the company as the open subscription finds it, then each change made through REST', async () => {
    const company = await acct.company({}, { certificate: false });
    const sub = collect(wsClient({ authorization: `Bearer ${acct.liveKey}` }), company.id);
    // The first result comes once the server's subscription is open: no change made after it can be missed.
    await until(() => sub.results.length > 0, 'the company as it is', 5_000);
    expect(sub.error).toBeNull();
    expect(sub.results[0]!.errors).toBeUndefined();
    const live = httpClient(t.url, acct.liveKey);
    await live.post(`/v1/companies/${company.id}/pausa`);
    await until(() => sub.results.length > 1, 'the paused company', 5_000);
    await live.post(`/v1/companies/${company.id}/retomada`);
    await until(() => sub.results.length > 2, 'the resumed company', 5_000);
    expect(sub.results.map((r) => r.data)).toEqual(
      ['ativa', 'pausada', 'ativa'].map((status) => ({ companyUpdated: { id: company.id, status } })),
    );
    sub.dispose();
  });

  it('a client that unsubscribes releases its bus subscription at once, without waiting for an event', async () => {
    const real = t.app.engine.pubsub;
    let active = 0;
    // Counts live bus iterators behind the schema: +1 on subscribe, -1 when ended (return() or done).
    t.app.engine.pubsub = {
      publish: (topic, message) => real.publish(topic, message),
      close: () => real.close(),
      subscribe: (topic, signal) => {
        const inner = real.subscribe(topic, signal);
        active += 1;
        let ended = false;
        const end = () => {
          if (!ended) active -= 1;
          ended = true;
        };
        const counted: TopicStream = {
          ready: inner.ready,
          next: async () => {
            const r = await inner.next();
            if (r.done) end();
            return r;
          },
          return: async () => {
            end();
            return inner.return();
          },
          [Symbol.asyncIterator]: () => counted,
        };
        return counted;
      },
    };
    try {
      const company = await acct.company({}, { certificate: false });
      const client = wsClient({ authorization: `Bearer ${acct.liveKey}` });
      const sub = collect(client, company.id);
      await until(
        () => active === 1 && sub.results.length === 1,
        'one active subscription, the company as it is',
        5_000,
      );
      sub.dispose();
      await until(() => active === 0, 'no active subscription', 2_000);
      expect(sub.results).toHaveLength(1);
    } finally {
      t.app.engine.pubsub = real;
    }
  });

  it('rejects a connection without a key, or with a bad one, before any subscription runs', async () => {
    for (const params of [undefined, { authorization: 'Bearer svc_live_nope' }, { authorization: acct.liveKey }]) {
      const company = await acct.company({}, { certificate: false });
      const sub = collect(wsClient(params), company.id);
      await until(() => sub.done, 'the end of the subscription', 5_000);
      expect(sub.results).toEqual([]);
      expect((sub.error as { code?: number }).code).toBe(4403);
    }
  });

  it("refuses to subscribe to another account's company with a GraphQL error, then completes", async () => {
    const other = await seedAccount(t.app.engine, 'Outra conta');
    const foreign = await other.company({}, { certificate: false });
    const sub = collect(wsClient({ authorization: `Bearer ${acct.liveKey}` }), foreign.id);
    await until(() => sub.done, 'the end of the subscription', 5_000);
    expect(sub.error).toBeNull();
    // Spec of GraphQL subscriptions: a failing source stream is one result with errors and no data.
    expect(sub.results).toHaveLength(1);
    expect(sub.results[0]!.data ?? null).toBeNull();
    expect(sub.results[0]!.errors?.[0]?.extensions?.codigo).toBe('nao_encontrado');
  });
});
