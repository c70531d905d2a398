import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUpChildren } from '../support/child-service.js';
import { httpClient } from '../support/http.js';
import { usingPostgres } from '../support/test-app.js';
import { startChild, stopChild } from './children.js';
import { startReceiver } from './kit.js';

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
    const webhook = await http.post('/v1/webhooks', { url: `${receiver.url}/crash`, eventos: ['EMPRESA_PRONTIDAO_ALTERADA', 'NFSE_AUTORIZADA'] });
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
