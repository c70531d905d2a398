// Subscriptions at /painel/graphql: graphql-ws authenticated by the session cookie of the upgrade, from a page
// of the same origin, with the session's CSRF token; a connection ends with its session; an account's panel
// never follows another account's company.
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { companyTopic } from '../../src/engine/empresas/company-topic.js';
import { collect, watchBus } from '../support/subscriptions.js';
import { seedPessoa, signInPanel, type Panel } from '../support/painel.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { until } from '../support/wait.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let panel: Panel;
let bus: ReturnType<typeof watchBus>;
useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false, keyRecheckMs: 100 }),
);
beforeAll(async () => {
  bus = watchBus(t.app.engine, process.env.REDIS_URL);
  company = await acct.company({}, { certificate: false });
  panel = await signInPanel(t.url, await seedPessoa(t.app.engine, acct.accountId));
});

const clients: Client[] = [];
afterAll(async () => Promise.all(clients.map(async (c) => c.dispose())));

/** A browser's websocket: its cookie and Origin on the upgrade, the CSRF token in connectionParams. */
function panelWs(options: { cookie?: string; origin?: string; params?: Record<string, unknown> }): Client {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  headers.origin = options.origin ?? t.url;
  const client = createClient({
    url: `${t.url.replace('http', 'ws')}/painel/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers });
      }
    },
    connectionParams: options.params,
    retryAttempts: 0,
    lazy: true,
  });
  clients.push(client);
  return client;
}

const SUBSCRIPTION = 'subscription($id: ID!) { companyUpdated(id: $id) { id status } }';
const pause = (path: 'pausa' | 'retomada') =>
  fetch(`${t.url}/v1/companies/${company.id}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${acct.liveKey}` },
  });

describe('websocket of the panel', () => {
  it("delivers the account's company updates to a signed-in page", async () => {
    const opened = bus.opened(companyTopic(company.id));
    const sub = collect(panelWs({ cookie: panel.cookie, params: { csrf: panel.csrf } }), SUBSCRIPTION, {
      id: company.id,
    });
    await bus.live(companyTopic(company.id), opened + 1);
    // First the company as the open subscription finds it, then its change.
    await until(() => sub.results.length > 0, 'the company as it is', 5_000);
    expect((await pause('pausa')).status).toBe(200);
    await until(() => sub.results.length > 1, 'an update', 5_000);
    expect(sub.results).toEqual([
      { data: { companyUpdated: { id: company.id, status: 'ativa' } } },
      { data: { companyUpdated: { id: company.id, status: 'pausada' } } },
    ]);
    sub.dispose();
    await pause('retomada');
  });

  it('refuses a connection without the cookie, from another origin, without the CSRF token, or with an API key', async () => {
    const attempts = [
      panelWs({ params: { csrf: panel.csrf } }),
      panelWs({ cookie: panel.cookie, origin: 'https://atacante.example', params: { csrf: panel.csrf } }),
      panelWs({ cookie: panel.cookie }),
      panelWs({ cookie: panel.cookie, params: { csrf: 'x'.repeat(43) } }),
      panelWs({ params: { authorization: `Bearer ${acct.liveKey}`, csrf: panel.csrf } }),
    ];
    for (const [i, client] of attempts.entries()) {
      const sub = collect(client, SUBSCRIPTION, { id: company.id });
      await until(() => sub.done, `attempt ${i} ends`, 5_000);
      expect(sub.results, `attempt ${i}`).toEqual([]);
      expect((sub.error as { code?: number }).code, `attempt ${i}`).toBe(4403);
    }
  });

  it("another account's panel cannot follow this company", async () => {
    const other = await seedAccount(t.app.engine, 'Outra conta');
    const otherPanel = await signInPanel(t.url, await seedPessoa(t.app.engine, other.accountId));
    const sub = collect(panelWs({ cookie: otherPanel.cookie, params: { csrf: otherPanel.csrf } }), SUBSCRIPTION, {
      id: company.id,
    });
    await until(() => sub.done || sub.results.length > 0, 'an answer', 5_000);
    expect(sub.results.flatMap((r) => r.errors ?? []).length + (sub.error ? 1 : 0)).toBeGreaterThan(0);
    expect(sub.results.every((r) => r.data == null)).toBe(true);
  });

  it("signing out closes the session's open connections", async () => {
    const own = await signInPanel(t.url, await seedPessoa(t.app.engine, acct.accountId));
    const opened = bus.opened(companyTopic(company.id));
    const sub = collect(panelWs({ cookie: own.cookie, params: { csrf: own.csrf } }), SUBSCRIPTION, { id: company.id });
    await bus.live(companyTopic(company.id), opened + 1);
    expect((await own.call('POST', '/painel/api/sair')).status).toBe(204);
    await until(() => sub.done, 'the connection closes', 5_000);
    expect((sub.error as { code?: number }).code).toBe(4403);
  });

  it('an upgrade to any other path is refused', async () => {
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/painel/outra`, 'graphql-transport-ws');
    const status = await new Promise<number>((resolve) => {
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });
});
