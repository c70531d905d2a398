// The drain before a stop by SIGTERM (SHUTDOWN_DRAIN_SECONDS), on a process stopped as serve stops it: clients
// keep sending on keep-alive connections through the signal. Every request sent on an open connection gets an
// HTTP answer (a connection is refused only once the port is closed, before anything is sent); the answers of
// the drain carry `Connection: close`, and /readyz answers 503 during it.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUpChildren, startChildProcess } from '../support/child-service.js';
import { exitOf } from '../support/exit-of.js';
import { until } from '../support/wait.js';

const CHILD = 'test/support/children/graceful-child.ts';

type Outcome = { path: string; sentAt: number; receivedAt: number } & (
  { status: number; connection: string | undefined; body: string } | { error: string }
);

function send(agent: Agent, url: string, path: string): Promise<Outcome> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { agent }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () =>
        resolve({
          path,
          sentAt,
          receivedAt: performance.now(),
          status: res.statusCode!,
          connection: res.headers.connection,
          body,
        }),
      );
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ path, sentAt, receivedAt: performance.now(), error: err.code ?? err.message }),
    );
    req.end();
  });
}

describe('drain on SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-drain-'));
  const children: ChildProcess[] = [];
  afterAll(async () => cleanUpChildren(children, dataDir, null), 30_000);

  it('answers every request sent on a keep-alive connection, closing them during the drain', async () => {
    const { child, info } = await startChildProcess<{ url: string }>(
      CHILD,
      { DATA_DIR: dataDir, CHILD_ROLE: 'all', SHUTDOWN_DRAIN_SECONDS: '2', SHUTDOWN_GRACE_SECONDS: '10' },
      children,
    );
    const exited = exitOf(child);
    const outcomes: Outcome[] = [];
    // Each client sends one request after the other on its keep-alive connection until an answer closes it (its
    // next connection would go to another process) or a request fails; the /readyz client until it answers 503
    // (the load balancer takes the process out).
    const client = async (path: string, done: (o: Outcome) => boolean) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (;;) {
        const outcome = await send(agent, info.url, path);
        outcomes.push(outcome);
        if ('error' in outcome || done(outcome)) break;
      }
      agent.destroy();
    };
    const closed = (o: Outcome) => 'status' in o && o.connection === 'close';
    const notReady = (o: Outcome) => 'status' in o && o.status === 503;
    const clients = [
      ...Array.from({ length: 4 }, () => client('/healthz', closed)),
      client('/readyz', (o) => notReady(o) || closed(o)),
    ];
    // The signal comes once the process has answered /readyz before it (a first answer can be slow: the check's
    // first query on a cold database connection) and the clients have been sending for half a second.
    await new Promise((r) => setTimeout(r, 500));
    await until(() => outcomes.some((o) => o.path === '/readyz'), 'the first /readyz answer');
    child.kill('SIGTERM');
    await Promise.all(clients);
    expect(await exited).toBe(0);

    expect(outcomes.filter((o) => 'error' in o)).toEqual([]);
    const last = (path: string) => outcomes.filter((o) => o.path === path).at(-1);
    // Every client's last answer: served during the drain, with its connection closed.
    const healthz = outcomes.filter((o) => o.path === '/healthz' && closed(o));
    expect(healthz).toHaveLength(4);
    for (const o of healthz) expect(o).toMatchObject({ status: 200, connection: 'close' });
    expect(last('/readyz')).toMatchObject({
      status: 503,
      connection: 'close',
      body: expect.stringContaining('encerrando'),
    });
    // Before the signal, /readyz was ready and connections were kept.
    expect(outcomes.filter((o) => o.path === '/readyz').at(0)).toMatchObject({ status: 200 });
    expect(outcomes.filter((o) => 'status' in o && o.connection !== 'close').length).toBeGreaterThan(4);
  }, 120_000);
});
