import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/create-logger.js';
import { createApp, type App } from '../../src/create-app.js';
import { httpClient } from '../support/http.js';
import { seedAccount } from '../support/seed.js';
import { startChild, stopChild, type Child } from '../support/webhook-children.js';
import { emitEvent, startReceiver } from '../support/webhooks.js';

// Concurrency needs a real PostgreSQL (PGlite serves one session): CI's DATABASE_URL, else the local server.
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `whtwo_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];
let app: App | null = null;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await app?.close();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

describe('two worker processes over one PostgreSQL', () => {
  it('deliver 1,000 events to three webhooks: every pair received, each delivery row exactly once', async () => {
    const receiver = await startReceiver();
    const config = parseConfig({
      ...process.env,
      DATABASE_URL,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: `/tmp/fiscal-api-${schema}`,
      WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
      MASTER_KEY: randomBytes(32).toString('hex'),
    });
    // The API process (no worker): registers the webhooks and commits the events.
    app = await createApp({
      config,
      role: 'all',
      worker: false,
      pgSchema: schema,
      logger: createLogger('silent'),
      pgliteDir: 'memory://',
    });
    const url = await app.listen();
    const account = await seedAccount(app.engine);
    const http = httpClient(url, account.liveKey);
    const hooks: string[] = [];
    for (const path of ['/a', '/b', '/c']) {
      const res = await http.post('/v1/webhooks', { url: `${receiver.url}${path}`, eventos: ['NFSE_AUTORIZADA'] });
      expect(res.status, res.text).toBe(201);
      hooks.push(res.body.id);
    }
    const env = {
      DATABASE_URL,
      CHILD_PG_SCHEMA: schema,
      CHILD_ROLE: 'worker',
      WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
      MASTER_KEY: config.masterKey!.toString('hex'),
      DATA_DIR: `/tmp/fiscal-api-${schema}`,
    };
    const workers: Child[] = await Promise.all([startChild(env, children), startChild(env, children)]);

    // Events are committed while both workers fan out and deliver, ten at once: as many as the API process's
    // pool holds, so no commit waits for a connection behind its own group (Prisma gives up after 2 s, which a
    // loaded machine reached with twenty).
    const ids: string[] = [];
    for (let batch = 0; batch < 100; batch++) {
      const written = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          emitEvent(app!.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: `e${batch * 10 + i}` }),
        ),
      );
      ids.push(...written.map((e) => e.id));
    }
    const pairsOf = () => new Set(receiver.received.map((r) => `${r.path}|${r.headers['x-service-event-id']}`));
    for (let n = 3000; pairsOf().size < 3000; n++) await receiver.waitFor(n, 120_000);
    const pairs = pairsOf();
    for (const path of ['/a', '/b', '/c'])
      for (const id of ids) expect(pairs.has(`${path}|${id}`), `${path} ${id}`).toBe(true);

    // A first attempt's row is written by the worker's next trip, after the receiver has the POST: the rows are
    // counted once both workers have stopped, which records every attempt and removes every batch in flight.
    for (const w of workers) await stopChild(w);
    const rows = await app.engine.db.webhookDelivery.findMany({
      where: { webhookId: { in: hooks } },
      select: { webhookId: true, eventId: true },
    });
    expect(rows).toHaveLength(3000);
    expect(new Set(rows.map((r) => `${r.webhookId}|${r.eventId}`)).size).toBe(3000);
    expect(await app.engine.db.webhookInflight.count()).toBe(0);
    await receiver.close();
  }, 180_000);
});
