// Subscriptions over graphql-ws on /graphql — nfseAtualizada (one note, a company, or all the
// key can read), eventos (by type); key checked at connection, at every subscribe and while connected;
// environment and company isolation; only committed state reaches subscribers.
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/engine/chaves/create-api-key.js';
import { revokeApiKey } from '../../src/engine/chaves/revoke-api-key.js';
import { appendEvents } from '../../src/engine/eventos/append-events.js';
import { announceEvents, eventsTopic } from '../../src/engine/eventos/events-topic.js';
import { followEvents } from '../../src/engine/eventos/follow-events.js';
import type { PubSub, TopicStream } from '../../src/engine/nucleo/pubsub.js';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { nfseAccountTopic, nfseTopic } from '../../src/engine/nfse/nfse-topic.js';
import { httpClient } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { collect, watchBus, wsClients } from '../support/subscriptions.js';
import { emitEvent } from '../support/webhooks.js';
import { until } from '../support/wait.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let a: SeededCompany;
let b: SeededCompany;
let bus: ReturnType<typeof watchBus>;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ keyRecheckMs: 200, simulatorDelays: { slowMs: 1_500 } }),
);
beforeAll(async () => {
  bus = watchBus(t.app.engine, process.env.REDIS_URL);
  [a, b] = [await acct.company(), await acct.company()];
});
const client = wsClients(() => t.url);

const NOTES =
  'subscription($id: ID, $empresaId: ID) { nfseAtualizada(id: $id, empresaId: $empresaId) { id status empresaId ambiente } }';
const EVENTS = 'subscription($tipos: [EventType!]) { eventos(tipos: $tipos) { id tipo ambiente dados } }';

const issue = async (companyId: string, headers: Record<string, string> = {}) => {
  const res = await httpClient(t.url, acct.testKey).post('/v1/nfse', nfseBody(companyId), { headers });
  expect([201, 202], res.text).toContain(res.status);
  return res.body as { id: string; status: string };
};
const statuses = (sub: ReturnType<typeof collect>, id: string) =>
  sub.results.filter((r) => r.data?.nfseAtualizada?.id === id).map((r) => r.data!.nfseAtualizada.status as string);

describe('nfseAtualizada', () => {
  it('one note by id: follows it from transmitindo to autorizada', async () => {
    const note = await issue(a.id, { 'x-service-simular': 'processamento_lento', prefer: 'wait=0' });
    expect(note.status).toBe('transmitindo');
    const sub = collect(client(acct.testKey), NOTES, { id: note.id });
    await bus.live(nfseTopic(note.id));
    await until(() => statuses(sub, note.id).includes('autorizada'), 'autorizada');
    expect(sub.error).toBeNull();
    expect(sub.results.every((r) => r.errors === undefined && r.data!.nfseAtualizada.id === note.id)).toBe(true);
    sub.dispose();
  });

  it("a company's notes only; other companies, environments, accounts and restricted keys see nothing of it", async () => {
    const other = await seedAccount(t.app.engine, 'Outra conta');
    const topic = nfseAccountTopic(acct.accountId, 'test');
    const before = bus.opened(topic);
    const ofA = collect(client(acct.testKey), NOTES, { empresaId: a.id });
    const all = collect(client(acct.testKey), NOTES);
    const restrictedToB = collect(client(await acct.key('test', b.id)), NOTES);
    const live = collect(client(acct.liveKey), NOTES);
    const foreign = collect(client(other.testKey), NOTES);
    await bus.live(topic, before + 3);
    await bus.live(nfseAccountTopic(acct.accountId, 'live'));
    await bus.live(nfseAccountTopic(other.accountId, 'test'));

    const noteB = await issue(b.id);
    const noteA = await issue(a.id);
    await until(() => statuses(ofA, noteA.id).includes('autorizada'), 'note A on the company subscription');
    await until(
      () => statuses(all, noteA.id).includes('autorizada') && statuses(all, noteB.id).includes('autorizada'),
      'both on the account subscription',
    );
    await until(() => statuses(restrictedToB, noteB.id).includes('autorizada'), 'note B on the restricted key');

    expect(new Set(ofA.results.map((r) => r.data?.nfseAtualizada.id))).toEqual(new Set([noteA.id]));
    expect(new Set(restrictedToB.results.map((r) => r.data?.nfseAtualizada.id))).toEqual(new Set([noteB.id]));
    expect(all.results.every((r) => r.data?.nfseAtualizada.ambiente === 'sandbox')).toBe(true);
    expect(live.results).toEqual([]);
    expect(foreign.results).toEqual([]);
    for (const s of [ofA, all, restrictedToB, live, foreign]) s.dispose();
  });

  it('is refused on subscribe for another company of a restricted key, or a note of another account', async () => {
    const refused = collect(client(await acct.key('test', b.id)), NOTES, { empresaId: a.id });
    await until(() => refused.done, 'the refusal');
    expect(refused.results).toHaveLength(1);
    expect(refused.results[0]!.errors?.[0]?.extensions?.codigo).toBe('acesso_negado');

    const note = await issue(a.id);
    const other = await seedAccount(t.app.engine, 'Conta alheia');
    const foreign = collect(client(other.testKey), NOTES, { id: note.id });
    await until(() => foreign.done, 'the refusal');
    expect(foreign.results[0]!.errors?.[0]?.extensions?.codigo).toBe('nfse_nao_encontrada');
  });
});

describe('eventos', () => {
  it('delivers committed events of the chosen types, in log order; a rolled-back event never shows', async () => {
    const sub = collect(client(acct.testKey), EVENTS, { tipos: ['NFSE_AUTORIZADA'] });
    await bus.live(eventsTopic(acct.accountId, 'test'));
    // An event written in a transaction that rolls back, announced anyway: followers read the log, so it is not there.
    await t.app.engine.db
      .$transaction(async (tx) => {
        await appendEvents(tx, {
          accountId: acct.accountId,
          environment: 'test',
          at: new Date(),
          events: [{ tipo: 'NFSE_AUTORIZADA', dados: { id: 'desfeita' } }],
        });
        throw new Error('rollback');
      })
      .catch(() => {});
    await announceEvents(t.app.engine, acct.accountId, 'test');
    const first = await issue(a.id);
    const second = await issue(b.id);
    await until(() => sub.results.length >= 2, 'two NFSE_AUTORIZADA events');
    const events = sub.results.map((r) => r.data!.eventos);
    expect(events.map((e) => e.tipo)).toEqual(['NFSE_AUTORIZADA', 'NFSE_AUTORIZADA']);
    expect(events.map((e) => e.dados.id)).toEqual([first.id, second.id]);
    expect(events.every((e) => e.ambiente === 'sandbox')).toBe(true);
    sub.dispose();
  });

  it('a restricted key sees only the events of its company', async () => {
    const sub = collect(client(await acct.key('test', a.id)), EVENTS);
    const topic = eventsTopic(acct.accountId, 'test');
    await bus.live(topic, bus.opened(topic) + 1);
    const ofB = await issue(b.id);
    const ofA = await issue(a.id);
    await until(
      () => sub.results.some((r) => r.data?.eventos.tipo === 'NFSE_AUTORIZADA' && r.data.eventos.dados.id === ofA.id),
      'the event of A',
    );
    expect(sub.results.some((r) => r.data?.eventos.dados.id === ofB.id)).toBe(false);
    expect(sub.results.every((r) => r.data?.eventos.dados.empresa_id === a.id)).toBe(true);
    sub.dispose();
  });
});

describe('the live tail of the log', () => {
  it('reads an event committed before its subscription could hear of it once the subscription is ready, without waiting for another', async () => {
    let subscribed!: () => void;
    const ready = new Promise<void>((resolve) => (subscribed = resolve));
    let opened = 0;
    // Wake-ups that never come: what a subscription hears of an event announced before its SUBSCRIBE reached Redis.
    const deaf: PubSub = {
      publish: async () => {},
      close: async () => {},
      subscribe: () => {
        opened += 1;
        const stream: TopicStream = {
          ready,
          next: () => new Promise(() => {}),
          return: async () => ({ done: true, value: undefined }),
          [Symbol.asyncIterator]: () => stream,
        };
        return stream;
      },
    };
    const principal: Principal = { accountId: acct.accountId, environment: 'test', apiKeyId: null, companyId: null };
    const events = followEvents({ db: t.app.engine.db, pubsub: deaf }, principal, { tipos: ['NFSE_CANCELADA'] });
    const next = events.next();
    await until(() => opened === 1, 'the subscription, after the position is read');
    const event = await emitEvent(t.app.engine, acct.accountId, 'test', 'NFSE_CANCELADA', { id: 'antes-do-subscribe' });
    subscribed();
    expect((await next).value).toMatchObject({ id: event.id, tipo: 'NFSE_CANCELADA' });
    await events.return!();
  });
});

describe('the key of a connection', () => {
  it('once revoked, ends the open subscriptions (4403) and refuses new ones on the same connection', async () => {
    const { key, id } = await createApiKey(t.app.engine, { accountId: acct.accountId, environment: 'test' });
    const c = client(key);
    const open = collect(c, NOTES, { empresaId: a.id });
    const topic = nfseAccountTopic(acct.accountId, 'test');
    await bus.live(topic, bus.opened(topic) + 1);
    await revokeApiKey(t.app.engine, { id });
    const later = collect(c, NOTES, { empresaId: a.id });
    await until(() => open.done && later.done, 'both subscriptions to end');
    expect((open.error as { code?: number }).code).toBe(4403);
    expect(later.results.filter((r) => r.data)).toEqual([]);
    // A note issued now reaches neither.
    await issue(a.id);
    expect(open.results).toEqual([]);
  });
});
