// Idempotency-Key on POST /v1/nfse, with a FakeClock for the 24-hour and 30-day rules, and `referencia` unique per
// company and environment.
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY, FakeClock, HOUR } from '../../src/engine/nucleo/clock.js';
import { httpClient, type HttpResponse, expectProblem, type Http } from '../support/http.js';
import { allNotes, nfseBody, pollSettled, ref, type Body } from '../support/nfse.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { waitFor } from '../support/wait.js';

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

/** A fresh key per test (same account): the rate limit counts per key and the fake clock barely moves. */
const client = async (env: 'test' | 'live' = 'test'): Promise<Http> => httpClient(t.url, await acct.key(env));
const post = (http: Http, body: Body, key: string, headers: Record<string, string> = {}) =>
  http.post('/v1/nfse', body, { headers: { 'idempotency-key': key, ...headers } });

async function count(http: Http) {
  return (await allNotes(http)).filter((n) => n.empresa_id === company.id).length;
}

/** The same problem body except the request id, which is always the replaying request's. */
function sameProblem(a: HttpResponse, b: HttpResponse) {
  const { requisicao_id: ra, ...restA } = a.body;
  const { requisicao_id: rb, ...restB } = b.body;
  expect(ra).toBe(a.requestId);
  expect(rb).toBe(b.requestId);
  expect(restB).toEqual(restA);
}

describe('same key, same body → the stored first response', () => {
  it('replays 201 with the same body; key order and spacing do not matter; nothing created', async () => {
    const http = await client();
    const key = `k-${ref()}`;
    const body = nfseBody(company.id, { tomador: { nome: 'Cliente Ltda', documento: '54550752000155' } });
    const first = await post(http, body, key);
    expect(first.status, first.text).toBe(201);
    const before = await count(http);

    // The same JSON, keys in another order and other spacing, sent as raw text.
    const reordered = {
      servico: body.servico,
      valor: body.valor,
      tomador: { documento: '54550752000155', nome: 'Cliente Ltda' },
      referencia: body.referencia,
      empresa_id: body.empresa_id,
    };
    const raw = JSON.stringify(reordered, null, 7).replace(/:/g, ' :  ');
    expect(JSON.parse(raw)).toEqual(reordered);
    const again = await http.request('POST', '/v1/nfse', {
      raw,
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await count(http)).toBe(before);
  });

  it('a 202 stays 202 even after the note got authorised (snapshot)', async () => {
    const http = await client();
    const key = `k-${ref()}`;
    const body = nfseBody(company.id);
    const first = await post(http, body, key, { prefer: 'wait=0' });
    expect(first.status, first.text).toBe(202);
    expect((await pollSettled(http, first.body.id)).body.status).toBe('autorizada');
    const again = await post(http, body, key);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.body.status).toBe('transmitindo');
  });

  it("422 nfse_rejeitada is stored and replayed (same body, the replay's own requisicao_id)", async () => {
    const http = await client();
    const key = `k-${ref()}`;
    const body = nfseBody(company.id);
    const first = await post(http, body, key, { 'x-service-simular': 'rejeitar' });
    expectProblem(first, 422, 'nfse_rejeitada');
    const before = await count(http);
    const again = await post(http, body, key, { 'x-service-simular': 'rejeitar' });
    expectProblem(again, 422, 'nfse_rejeitada');
    sameProblem(first, again);
    expect(await count(http)).toBe(before);
  });

  it('a second call while the first still runs waits about 3 s, then 409 conflito', async () => {
    const http = await client();
    const key = `k-${ref()}`;
    const body = nfseBody(company.id);
    const first = post(http, body, key, { prefer: 'wait=5', 'x-service-simular': 'processamento_lento' });
    // The second call must find the first one running: a fixed pause could end before a slow first call begins.
    await waitFor(
      async () => (await t.app.engine.db.idempotencyRecord.findFirst({ where: { key } })) ?? undefined,
      'the first call to hold the key',
    );
    const started = Date.now();
    const second = await post(http, body, key, { prefer: 'wait=5', 'x-service-simular': 'processamento_lento' });
    const waited = Date.now() - started;
    const problem = expectProblem(second, 409, 'conflito');
    expect(problem.retentavel).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(2_500);
    expect(waited).toBeLessThan(4_900);
    expect((await first).status).toBe(202);
    // Once the first ended, the repetition gets its snapshot.
    expect((await post(http, body, key)).status).toBe(202);
  });
});

describe('same key, different body', () => {
  it('409 idempotencia_conflito; nothing created', async () => {
    const http = await client();
    const key = `k-${ref()}`;
    const body = nfseBody(company.id);
    expect((await post(http, body, key)).status).toBe(201);
    const before = await count(http);
    const res = await post(http, { ...body, valor: '1600.00' }, key);
    expectProblem(res, 409, 'idempotencia_conflito');
    expect(await count(http)).toBe(before);
  });
});

describe('errors with nothing created are not stored', () => {
  it('422 validacao, then the corrected body with the same key executes', async () => {
    const http = await client();
    const key = `k-${ref()}`;
    const body = nfseBody(company.id);
    expectProblem(await post(http, { ...body, valor: 1500 }, key), 422, 'validacao');
    const fixed = await post(http, body, key);
    expect(fixed.status, fixed.text).toBe(201);
  });

  it('412, 404 and 409 referencia_duplicada are not stored either', async () => {
    const http = await client();
    const blocked = await acct.company({}, { certificate: false });
    const k412 = `k-${ref()}`;
    expectProblem(await post(http, nfseBody(blocked.id), k412), 412, 'empresa_nao_pronta');
    expect((await post(http, nfseBody(company.id), k412)).status).toBe(201);

    const k404 = `k-${ref()}`;
    expectProblem(await post(http, nfseBody('01900000-0000-7000-8000-000000000000'), k404), 404, 'nao_encontrado');
    expect((await post(http, nfseBody(company.id), k404)).status).toBe(201);

    const taken = nfseBody(company.id);
    expect((await http.post('/v1/nfse', taken)).status).toBe(201);
    const k409 = `k-${ref()}`;
    expectProblem(
      await post(http, nfseBody(company.id, { referencia: taken.referencia }), k409),
      409,
      'referencia_duplicada',
    );
    expect((await post(http, nfseBody(company.id), k409)).status).toBe(201);
  });
});

describe('scope: account and environment', () => {
  it('the same key on a test key and a live key executes both', async () => {
    const key = `k-${ref()}`;
    const body = nfseBody(company.id);
    const test = await post(await client('test'), body, key);
    const live = await post(await client('live'), body, key);
    expect(test.status, test.text).toBe(201);
    expect(live.status, live.text).toBe(201);
    expect(live.body.id).not.toBe(test.body.id);
    expect([test.body.ambiente, live.body.ambiente]).toEqual(['sandbox', 'producao']);
  });

  it('all keys of the account share the key space; another account does not', async () => {
    const key = `k-${ref()}`;
    const body = nfseBody(company.id);
    const first = await post(await client(), body, key);
    const sibling = await post(await client(), body, key);
    expect(sibling.body).toEqual(first.body);
    const other = await seedAccount(t.app.engine, 'Outra conta');
    const otherCompany = await other.company();
    const foreign = await post(httpClient(t.url, other.testKey), { ...body, empresa_id: otherCompany.id }, key);
    expect(foreign.status, foreign.text).toBe(201);
    expect(foreign.body.id).not.toBe(first.body.id);
  });
});

describe('time rules (24 hours exclusive, 30 days stored)', () => {
  it('after 24 hours: same body → the stored response; different body → executed as new', async () => {
    const key = `k-${ref()}`;
    const body = nfseBody(company.id);
    const first = await post(await client(), body, key);
    expect(first.status).toBe(201);
    clock.advance(25 * HOUR);
    const same = await post(await client(), body, key);
    expect(same.status).toBe(201);
    expect(same.body).toEqual(first.body);
    const different = await post(await client(), nfseBody(company.id), key);
    expect(different.status, different.text).toBe(201);
    expect(different.body.id).not.toBe(first.body.id);
  });

  it('within 24 hours a different body is still a conflict', async () => {
    const key = `k-${ref()}`;
    expect((await post(await client(), nfseBody(company.id), key)).status).toBe(201);
    clock.advance(23 * HOUR);
    expectProblem(await post(await client(), nfseBody(company.id), key), 409, 'idempotencia_conflito');
  });

  it('after 30 days the record is erased: the key counts as new and referencia still protects', async () => {
    const key = `k-${ref()}`;
    const body = nfseBody(company.id);
    const first = await post(await client(), body, key);
    expect(first.status).toBe(201);
    clock.advance(29 * DAY);
    expect((await post(await client(), body, key)).body).toEqual(first.body);
    clock.advance(2 * DAY);
    const again = await post(await client(), body, key);
    const problem = expectProblem(again, 409, 'referencia_duplicada');
    expect(problem.nfse_id).toBe(first.body.id);
    // Without referencia the same key now creates a new note.
    const { referencia: _drop, ...noRef } = nfseBody(company.id);
    const k2 = `k-${ref()}`;
    const a = await post(await client(), noRef, k2);
    clock.advance(31 * DAY);
    const b = await post(await client(), noRef, k2);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).not.toBe(a.body.id);
  });
});

describe('referencia unique per company and environment', () => {
  it('409 referencia_duplicada with nfse_id; other company or other environment may reuse it', async () => {
    const http = await client();
    const body = nfseBody(company.id);
    const first = await http.post('/v1/nfse', body);
    expect(first.status).toBe(201);
    const before = await count(http);
    const dup = expectProblem(
      await http.post('/v1/nfse', { ...body, valor: '99.00' }, {}),
      409,
      'referencia_duplicada',
    );
    expect(dup.nfse_id).toBe(first.body.id);
    expect(dup.campo).toBe('/referencia');
    expect(await count(http)).toBe(before);
    // A rejected note also holds its referencia.
    const rejected = nfseBody(company.id);
    expectProblem(
      await http.post('/v1/nfse', rejected, { headers: { 'x-service-simular': 'rejeitar' } }),
      422,
      'nfse_rejeitada',
    );
    expectProblem(await http.post('/v1/nfse', rejected), 409, 'referencia_duplicada');

    const other = await acct.company();
    expect((await http.post('/v1/nfse', { ...body, empresa_id: other.id })).status).toBe(201);
    expect((await (await client('live')).post('/v1/nfse', body)).status).toBe(201);
  });
});
