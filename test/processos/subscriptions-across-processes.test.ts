// Two server processes on one PostgreSQL + Redis; a real graphql-ws client connected to
// process A sees a change committed by process B (Redis pub/sub carries the notification, A reloads the row).
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsTopic } from '../../src/engine/eventos/events-topic.js';
import { nfseAccountTopic } from '../../src/engine/nfse/nfse-topic.js';
import { httpClient } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { collect, untilRedisChannel, wsClient } from '../support/subscriptions.js';
import { until } from '../support/wait.js';
import { CLUSTER_REDIS_URL, createCluster, type Member } from '../support/cluster.js';

const cluster = createCluster();
let a: Member;
let b: Member;
let client: Client;

beforeAll(async () => {
  a = await cluster.start('api', { CHILD_SEED: '1' });
  b = await cluster.start('api');
}, 180_000);
afterAll(async () => {
  await client?.dispose();
  await cluster.stop();
}, 30_000);

describe('a subscriber on process A', () => {
  it('receives the note and the event that process B committed', async () => {
    const { testKey, companyId, accountId } = a.info;
    client = wsClient(a.info.url, testKey!);
    const notes = collect(client, 'subscription($e: ID) { nfseAtualizada(empresaId: $e) { id status } }', {
      e: companyId,
    });
    const events = collect(client, 'subscription { eventos(tipos: [NFSE_AUTORIZADA]) { tipo dados } }');
    await untilRedisChannel(CLUSTER_REDIS_URL, nfseAccountTopic(accountId!, 'test'));
    await untilRedisChannel(CLUSTER_REDIS_URL, eventsTopic(accountId!, 'test'));

    const res = await httpClient(b.info.url, testKey).post('/v1/nfse', nfseBody(companyId));
    expect(res.status, res.text).toBe(201);
    await until(
      () => notes.results.some((r) => r.data?.nfseAtualizada.status === 'autorizada'),
      'the note on A',
      20_000,
    );
    await until(() => events.results.length > 0, 'the event on A', 20_000);
    expect(notes.error).toBeNull();
    expect(notes.results.every((r) => r.data?.nfseAtualizada.id === res.body.id)).toBe(true);
    expect(events.results[0]!.data!.eventos).toMatchObject({
      tipo: 'NFSE_AUTORIZADA',
      dados: { id: res.body.id, status: 'autorizada' },
    });
  }, 60_000);
});
