import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/create-logger.js';
import { createApp, type App } from '../../src/create-app.js';
import { cleanUpChildren } from '../support/child-service.js';
import { httpClient } from '../support/http.js';
import { seedAccount } from '../support/seed.js';
import { usingPostgres } from '../support/test-app.js';
import { startChild, stopChild } from '../support/webhook-children.js';
import { emitEvent, startReceiver } from '../support/webhooks.js';

const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-webhook-crash-'));
const schema = `whcrash_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];
const env = {
  DATA_DIR: dataDir,
  WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
  ...(usingPostgres() ? { CHILD_PG_SCHEMA: schema } : {}),
};

afterAll(() => cleanUpChildren(children, dataDir, schema));

describe('a worker killed with SIGKILL in the middle of an attempt', () => {
  it('delivers the event again after restart, with the same X-Service-Event-Id and delivery id: nothing lost', async () => {
    // The first request is held open: the process is inside the attempt when it is killed.
    let calls = 0;
    const receiver = await startReceiver(() => (++calls === 1 ? 'hang' : 200));
    const first = await startChild({ ...env, CHILD_SEED: '1' }, children);
    const http = httpClient(first.info.url, first.info.liveKey);
    const webhook = await http.post('/v1/webhooks', {
      url: `${receiver.url}/crash`,
      eventos: ['EMPRESA_PRONTIDAO_ALTERADA', 'NFSE_AUTORIZADA'],
    });
    expect(webhook.status, webhook.text).toBe(201);
    // The test delivery goes through the same claim, lease and attempt path as an event's delivery.
    const teste = await http.post(`/v1/webhooks/${webhook.body.id}/teste`);
    expect(teste.status, teste.text).toBe(202);
    await receiver.waitFor(1);
    expect(await stopChild(first, 'SIGKILL')).toBe('SIGKILL');

    // Restarted after the 30-second lease ran out (the clock runs 1 minute ahead): the delivery is claimed again.
    const second = await startChild({ ...env, CHILD_CLOCK_OFFSET_MS: String(60_000) }, children);
    await receiver.waitFor(2, 120_000);
    const [killed, again] = receiver.received;
    expect(again!.headers['x-service-event-id']).toBe(killed!.headers['x-service-event-id']);
    expect(again!.headers['x-service-event-id']).toBe(teste.body.evento_id);
    expect(again!.headers['x-service-delivery-id']).toBe(teste.body.entrega_id);
    expect(again!.raw).toBe(killed!.raw);

    const after = httpClient(second.info.url, first.info.liveKey);
    let entregas: Array<{ status: string; tentativas: unknown[] }> = [];
    for (let i = 0; i < 50; i++) {
      entregas = (await after.get(`/v1/webhooks/${webhook.body.id}/entregas`)).body.entregas;
      if (entregas[0]?.status === 'entregue') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(entregas).toHaveLength(1);
    expect(entregas[0]).toMatchObject({ status: 'entregue', tentativas: [{ numero: 1, status_http: 200 }] });
    await stopChild(second);
    await receiver.close();
  }, 240_000);
});

// An event's first attempt has no delivery row yet (its batch is in flight): the kill must leave the batch to
// be revived. The API process commits the event and a worker process delivers it, so both share a real
// PostgreSQL (PGlite serves one process): CI's DATABASE_URL, else the local server.
describe('a worker killed with SIGKILL in the middle of an event’s first attempt', () => {
  const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const eventSchema = `whcrashev_${randomBytes(5).toString('hex')}`;
  let app: App | null = null;
  afterAll(async () => {
    await app?.close();
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${eventSchema}" CASCADE`);
    await client.end();
  });

  it('revives the batch when its lease has run out: the same event id, delivery id and body, one row', async () => {
    let calls = 0;
    const receiver = await startReceiver(() => (++calls === 1 ? 'hang' : 200));
    const config = parseConfig({
      ...process.env,
      DATABASE_URL,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: `/tmp/fiscal-api-${eventSchema}`,
      WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
      MASTER_KEY: randomBytes(32).toString('hex'),
    });
    app = await createApp({
      config,
      role: 'all',
      worker: false,
      pgSchema: eventSchema,
      logger: createLogger('silent'),
      pgliteDir: 'memory://',
    });
    const url = await app.listen();
    const account = await seedAccount(app.engine);
    const webhook = await httpClient(url, account.liveKey).post('/v1/webhooks', {
      url: `${receiver.url}/evento`,
      eventos: ['NFSE_AUTORIZADA'],
    });
    expect(webhook.status, webhook.text).toBe(201);
    const workerEnv = {
      DATABASE_URL,
      CHILD_PG_SCHEMA: eventSchema,
      CHILD_ROLE: 'worker',
      WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
      MASTER_KEY: config.masterKey!.toString('hex'),
      DATA_DIR: `/tmp/fiscal-api-${eventSchema}`,
    };
    const first = await startChild(workerEnv, children);
    const event = await emitEvent(app.engine, account.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'morto' });
    await receiver.waitFor(1);
    expect(await stopChild(first, 'SIGKILL')).toBe('SIGKILL');
    const db = app.engine.db;
    expect(await db.webhookDelivery.count({ where: { webhookId: webhook.body.id } })).toBe(0);
    expect(await db.webhookInflight.count({ where: { accountId: account.accountId } })).toBe(1);

    // Restarted after the 30-second lease ran out (the clock runs 1 minute ahead).
    const second = await startChild({ ...workerEnv, CHILD_CLOCK_OFFSET_MS: String(60_000) }, children);
    await receiver.waitFor(2, 120_000);
    const [killed, again] = receiver.received;
    expect(killed!.headers['x-service-event-id']).toBe(event.id);
    expect(again!.headers['x-service-event-id']).toBe(event.id);
    expect(again!.headers['x-service-delivery-id']).toBe(killed!.headers['x-service-delivery-id']);
    expect(again!.raw).toBe(killed!.raw);

    let rows: Array<{ id: string; status: string; attempts: number }> = [];
    for (let i = 0; i < 50; i++) {
      rows = await db.webhookDelivery.findMany({
        where: { webhookId: webhook.body.id },
        select: { id: true, status: true, attempts: true },
      });
      if (rows[0]?.status === 'entregue') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows).toEqual([{ id: killed!.headers['x-service-delivery-id'], status: 'entregue', attempts: 1 }]);
    expect(await db.webhookInflight.count({ where: { accountId: account.accountId } })).toBe(0);
    await stopChild(second);
    await receiver.close();
  }, 240_000);
});
