// The event log: NFSE_* events carry the note as GET /v1/nfse/{id} shows it; GET /v1/eventos pages by `apos`,
// `limite` 100/1000, `proximo_cursor` always present, 90-day retention → 410 cursor_vencido.
import { beforeAll, describe, expect, it } from 'vitest';
import { appendEvents } from '../../src/engine/eventos/append-events.js';
import { purgeEvents } from '../../src/engine/eventos/purge-events.js';
import { DAY, FakeClock } from '../../src/engine/nucleo/clock.js';
import { allEvents } from '../support/eventos.js';
import { httpClient, expectProblem, type Http } from '../support/http.js';
import { nfseBody, pollSettled } from '../support/nfse.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
const clock = new FakeClock(new Date());

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock }),
);
beforeAll(async () => {
  company = await acct.company();
});

const client = async (a: SeededAccount = acct, env: 'test' | 'live' = 'test'): Promise<Http> =>
  httpClient(t.url, await a.key(env));

/** A fresh account whose log holds exactly `n` synthetic events (fast: no issuance). */
async function accountWithEvents(n: number) {
  const a = await seedAccount(t.app.engine, 'Log');
  await t.app.engine.db.$transaction((tx) =>
    appendEvents(tx, {
      accountId: a.accountId,
      environment: 'test',
      at: clock.now(),
      events: Array.from({ length: n }, (_, i) => ({ tipo: 'NFSE_AUTORIZADA', dados: { i } })),
    }),
  );
  return a;
}

describe('NFSE_* events', () => {
  it('NFSE_AUTORIZADA is committed with the authorisation and its dados equal GET /v1/nfse/{id}', async () => {
    const http = await client();
    const created = await http.post('/v1/nfse', nfseBody(company.id));
    expect(created.status).toBe(201);
    // Right after the 201: the event is already in the log (same transaction as the status change).
    const events = (await allEvents(http)).filter((e) => e.dados?.id === created.body.id);
    expect(events.map((e) => e.tipo)).toEqual(['NFSE_AUTORIZADA']);
    const [event] = events;
    expect(event).toMatchObject({ ambiente: 'sandbox' });
    expect(event!.id).toMatch(/^[0-9a-f-]{36}$/);
    const current = await http.get(`/v1/nfse/${created.body.id}`);
    expect(event!.dados).toEqual(current.body);
    expect(event!.dados).toEqual(created.body);
    expect(event!.criado_em).toBe(current.body.atualizada_em);
  });

  it('NFSE_REJEITADA carries the rejected note as GET shows it', async () => {
    const http = await client();
    const res = await http.post('/v1/nfse', nfseBody(company.id), { headers: { 'x-service-simular': 'rejeitar' } });
    expectProblem(res, 422, 'nfse_rejeitada');
    const events = (await allEvents(http)).filter((e) => e.dados?.id === res.body.nfse.id);
    expect(events.map((e) => e.tipo)).toEqual(['NFSE_REJEITADA']);
    expect(events[0]!.dados).toEqual((await http.get(`/v1/nfse/${res.body.nfse.id}`)).body);
    expect(events[0]!.dados.rejeicao.codigo_oficial).toBe(res.body.codigo_oficial);
  });

  it('a note answered 202 gets its NFSE_AUTORIZADA when the background transmission ends', async () => {
    const http = await client();
    const res = await http.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=0' } });
    expect(res.status).toBe(202);
    const settled = await pollSettled(http, res.body.id);
    const events = (await allEvents(http)).filter((e) => e.dados?.id === res.body.id);
    expect(events.map((e) => e.tipo)).toEqual(['NFSE_AUTORIZADA']);
    expect(events[0]!.dados).toEqual(settled.body);
  });

  it('events of the test environment are invisible to a live key and vice versa', async () => {
    const http = await client();
    const created = await http.post('/v1/nfse', nfseBody(company.id));
    const live = await client(acct, 'live');
    const liveEvents = await allEvents(live);
    expect(liveEvents.some((e) => e.dados?.id === created.body.id)).toBe(false);
    expect(liveEvents.every((e) => e.ambiente === 'producao')).toBe(true);
  });

  it('a reader following apos while notes are authorised concurrently sees every event exactly once', async () => {
    const a = await seedAccount(t.app.engine, 'Leitor');
    const c = await a.company();
    const writer = httpClient(t.url, await a.key('test'));
    const reader = httpClient(t.url, await a.key('test'));
    const seen: string[] = [];
    let apos = '';
    let done = false;
    const writing = Promise.all(Array.from({ length: 24 }, () => writer.post('/v1/nfse', nfseBody(c.id)))).finally(
      () => (done = true),
    );
    const read = async () => {
      const page = await reader.get(`/v1/eventos?limite=5${apos ? `&apos=${apos}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.eventos.map((e: { id: string }) => e.id));
      apos = page.body.proximo_cursor;
      return page.body.eventos.length;
    };
    while (!done) await read();
    await writing;
    while ((await read()) > 0);
    const all = await allEvents(httpClient(t.url, await a.key('test')));
    expect(all).toHaveLength(24);
    expect(seen).toEqual(all.map((e) => e.id));
  });
});

describe('GET /v1/eventos paging', () => {
  it('limite: default 100, 1 and 1000 accepted; 0, 1001 and garbage → 400 parametro_invalido', async () => {
    const a = await accountWithEvents(130);
    const http = await client(a);
    expect((await http.get('/v1/eventos')).body.eventos).toHaveLength(100);
    expect((await http.get('/v1/eventos?limite=1')).body.eventos).toHaveLength(1);
    expect((await http.get('/v1/eventos?limite=1000')).body.eventos).toHaveLength(130);
    for (const limite of ['0', '1001', 'abc', '-1', '2.5']) {
      expectProblem(await http.get(`/v1/eventos?limite=${limite}`), 400, 'parametro_invalido');
    }
  });

  it('oldest first; apos continues exactly after the last event; proximo_cursor present on an empty page', async () => {
    const a = await accountWithEvents(7);
    const http = await client(a);
    const first = await http.get('/v1/eventos?limite=3');
    expect(first.body.eventos.map((e: { dados: { i: number } }) => e.dados.i)).toEqual([0, 1, 2]);
    const second = await http.get(`/v1/eventos?limite=3&apos=${first.body.proximo_cursor}`);
    expect(second.body.eventos.map((e: { dados: { i: number } }) => e.dados.i)).toEqual([3, 4, 5]);
    const third = await http.get(`/v1/eventos?limite=3&apos=${second.body.proximo_cursor}`);
    expect(third.body.eventos.map((e: { dados: { i: number } }) => e.dados.i)).toEqual([6]);
    const empty = await http.get(`/v1/eventos?apos=${third.body.proximo_cursor}`);
    expect(empty.status).toBe(200);
    expect(empty.body.eventos).toEqual([]);
    expect(typeof empty.body.proximo_cursor).toBe('string');
    // Stored and used later, the empty page's cursor yields what happened since.
    await t.app.engine.db.$transaction((tx) =>
      appendEvents(tx, {
        accountId: a.accountId,
        environment: 'test',
        at: clock.now(),
        events: [{ tipo: 'NFSE_CANCELADA', dados: { i: 7 } }],
      }),
    );
    const later = await http.get(`/v1/eventos?apos=${empty.body.proximo_cursor}`);
    expect(later.body.eventos.map((e: { dados: { i: number } }) => e.dados.i)).toEqual([7]);
  });

  it('an account with no events at all: empty page with a cursor', async () => {
    const fresh = await seedAccount(t.app.engine, 'Vazia');
    const res = await httpClient(t.url, fresh.testKey).get('/v1/eventos');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ eventos: [], proximo_cursor: expect.any(String) });
  });

  it('an invalid cursor is 400 parametro_invalido (garbage, and a well-formed one out of range)', async () => {
    const http = await client();
    const huge = Buffer.from('ev1:9999999999999999999').toString('base64url');
    for (const apos of ['nope', '!!', 'ZXYxOg', huge]) {
      expectProblem(await http.get(`/v1/eventos?apos=${encodeURIComponent(apos)}`), 400, 'parametro_invalido');
    }
  });

  it("a cursor of another environment's (longer) log is refused instead of skipping events", async () => {
    const a = await accountWithEvents(6);
    const end = (await (await client(a)).get('/v1/eventos')).body.proximo_cursor;
    expectProblem(await (await client(a, 'live')).get(`/v1/eventos?apos=${end}`), 400, 'parametro_invalido');
  });

  it('90-day retention: after the purge an old cursor → 410 cursor_vencido with cursor_mais_antigo, which works', async () => {
    const a = await accountWithEvents(5);
    const http = await client(a);
    const start = await http.get('/v1/eventos?limite=2');
    const oldCursor = start.body.proximo_cursor;
    clock.advance(91 * DAY);
    await t.app.engine.db.$transaction((tx) =>
      appendEvents(tx, {
        accountId: a.accountId,
        environment: 'test',
        at: clock.now(),
        events: [5, 6].map((i) => ({ tipo: 'NFSE_AUTORIZADA', dados: { i } })),
      }),
    );
    expect(await purgeEvents(t.app.engine)).toBeGreaterThanOrEqual(5);

    const http2 = await client(a);
    const gone = await http2.get(`/v1/eventos?apos=${oldCursor}`);
    const problem = expectProblem(gone, 410, 'cursor_vencido');
    expect(typeof problem.cursor_mais_antigo).toBe('string');
    const resumed = await http2.get(`/v1/eventos?apos=${problem.cursor_mais_antigo}`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.eventos.map((e: { dados: { i: number } }) => e.dados.i)).toEqual([5, 6]);
    // Without a cursor the log starts at the oldest event kept.
    expect((await http2.get('/v1/eventos')).body.eventos.map((e: { dados: { i: number } }) => e.dados.i)).toEqual([
      5, 6,
    ]);
  });

  it('after a purge that emptied the log, an old cursor still gets 410 and the oldest cursor an empty page', async () => {
    const a = await accountWithEvents(3);
    const http = await client(a);
    const old = (await http.get('/v1/eventos?limite=1')).body.proximo_cursor;
    clock.advance(91 * DAY);
    await purgeEvents(t.app.engine);
    const problem = expectProblem(await (await client(a)).get(`/v1/eventos?apos=${old}`), 410, 'cursor_vencido');
    const resumed = await (await client(a)).get(`/v1/eventos?apos=${problem.cursor_mais_antigo}`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.eventos).toEqual([]);
    expect(typeof resumed.body.proximo_cursor).toBe('string');
  });
});
