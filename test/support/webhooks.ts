import type { ResolveHost } from '../../src/engine/webhooks/check-host.js';

/** A DNS for tests: names of the table resolve as given; anything else fails like NXDOMAIN. */
export function fakeDns(table: Record<string, string[]>): ResolveHost & { table: Record<string, string[]> } {
  const resolve = (async (host: string) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  }) as ResolveHost & { table: Record<string, string[]> };
  resolve.table = table;
  return resolve;
}

export const PUBLIC_IP = '93.184.216.34';
export const PUBLIC_URL = 'https://hooks.example.com/fiscal';

export const webhookBody = (over: Record<string, unknown> = {}) => ({
  url: PUBLIC_URL,
  eventos: ['NFSE_AUTORIZADA', 'NFSE_CANCELADA'],
  cabecalhos: [{ nome: 'X-Token', valor: 'segredo-do-cliente-123' }],
  ...over,
});

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Environment } from '../../src/engine/nucleo/environment.js';
import type { EngineDeps } from '../../src/engine/engine-deps.js';
import { appendEvents } from '../../src/engine/eventos/append-events.js';
import { announceEvents } from '../../src/engine/eventos/events-topic.js';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: { tipo: string; dados: Record<string, unknown> };
  at: number;
}

/** A real HTTP receiver in the test process; `answer` decides each response status (default 200). */
export async function startReceiver(
  answer: (r: Received) => number | 'hang' | Promise<number> = () => 200,
  host = '127.0.0.1',
) {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const r: Received = {
        path: req.url ?? '/',
        headers: req.headers,
        raw,
        body: raw ? JSON.parse(raw) : null,
        at: Date.now(),
      };
      received.push(r);
      for (const w of waiters.splice(0)) w();
      void Promise.resolve(answer(r)).then((status) => {
        if (status === 'hang') return;
        if (status >= 300 && status < 400) res.setHeader('location', '/redirected');
        res.statusCode = status;
        res.end('ok');
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    /** Resolves once at least `n` requests arrived (real time, bounded). */
    waitFor: async (n: number, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${n} requests`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes one event of the log through the real appendEvents, in its own transaction (as a state change does). */
export async function emitEvent(
  deps: EngineDeps,
  accountId: string,
  environment: Environment,
  tipo: string,
  dados: unknown,
) {
  const [event] = await deps.db.$transaction((tx) =>
    appendEvents(tx, { accountId, environment, at: deps.clock.now(), events: [{ tipo, dados }] }),
  );
  // As every writer of events does after commit.
  await announceEvents(deps, accountId, environment);
  return event;
}
