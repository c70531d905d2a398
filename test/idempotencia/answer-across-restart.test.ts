// A note committed while the database connection is cut before its answer is stored: the Idempotency-Key's answer
// is written again on a new connection, so the repetition replays it instead of issuing the note again.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
useTestApp((s) => ({ t, acct } = s));

/** What pg reports when the server ends the session (restart, failover, pg_terminate_backend). */
const terminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/** The engine's database, whose next `failures` writes of an Idempotency-Key's answer fail as a cut connection. */
function cutAnswerWrites(failures: number) {
  const engine = t.app.engine;
  const real = engine.db;
  let left = failures;
  const records = new Proxy(real.idempotencyRecord, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (prop !== 'updateMany' || typeof value !== 'function') return value;
      return (...args: unknown[]) => (left-- > 0 ? Promise.reject(terminated()) : value.apply(target, args));
    },
  });
  engine.db = new Proxy(real, {
    get(target, prop) {
      if (prop === 'idempotencyRecord') return records;
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return () => void (engine.db = real);
}

describe('the answer of a committed note across a cut connection', () => {
  it('is stored on a new connection: the repetition replays the same note, none is issued twice', async () => {
    const http = httpClient(t.url, acct.testKey);
    const company = await acct.company();
    const body = nfseBody(company.id);
    delete (body as { referencia?: unknown }).referencia;
    const key = randomUUID();
    const restore = cutAnswerWrites(1);
    let first;
    try {
      first = await http.post('/v1/nfse', body, { headers: { 'idempotency-key': key } });
    } finally {
      restore();
    }
    expect(first.status, first.text).toBe(201);
    const again = await http.post('/v1/nfse', body, { headers: { 'idempotency-key': key } });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const notes = await t.app.engine.db.nfse.findMany({ where: { companyId: company.id } });
    expect(notes.map((n) => n.id)).toEqual([first.body.id]);
  });
});
