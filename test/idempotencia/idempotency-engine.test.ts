import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { isEngineError } from '../../src/engine/errors.js';
import { requestFingerprint } from '../../src/engine/idempotencia/canonical-json.js';
import {
  abandonIdempotent,
  beginIdempotent,
  completeIdempotent,
  purgeIdempotency,
  type IdempotencyStart,
} from '../../src/engine/idempotencia/begin-idempotent.js';
import { DAY, FakeClock, HOUR, MINUTE } from '../../src/engine/nucleo/clock.js';
import { randomNumericCnpj } from '../../src/engine/nucleo/random-numeric-cnpj.js';
import { newId } from '../../src/engine/nucleo/new-id.js';
import { httpClient } from '../support/http.js';
import { MUNICIPIO_NACIONAL, seedAccount, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let principal: Principal;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock }),
);
beforeAll(async () => {
  principal = { accountId: acct.accountId, environment: 'live', apiKeyId: 'k', companyId: null };
});

const deps = () => ({ db: t.app.engine.db, clock });
const uniqueKey = () => `idem-${newId()}`;
const begin = (key: string, fingerprint: string, who = principal) => beginIdempotent(deps(), who, key, fingerprint);

async function executed(start: Promise<IdempotencyStart>): Promise<string> {
  const result = await start;
  expect(result.kind).toBe('execute');
  return (result as { recordId: string }).recordId;
}

async function refusal(start: Promise<unknown>): Promise<string> {
  try {
    await start;
  } catch (err) {
    if (isEngineError(err)) return err.codigo;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('idempotency engine on a fake clock', () => {
  it('same key and body replays the stored response, as a snapshot', async () => {
    const key = uniqueKey();
    const id = await executed(begin(key, 'fp-a'));
    await completeIdempotent(deps(), id, 202, { id: 'n1', status: 'transmitindo' });
    expect(await begin(key, 'fp-a')).toEqual({
      kind: 'replay',
      status: 202,
      body: { id: 'n1', status: 'transmitindo' },
    });
  });

  it('same key with another body inside 24 h is idempotencia_conflito', async () => {
    const key = uniqueKey();
    await completeIdempotent(deps(), await executed(begin(key, 'fp-a')), 201, { id: 'a' });
    clock.advance(23 * HOUR);
    expect(await refusal(begin(key, 'fp-b'))).toBe('idempotencia_conflito');
  });

  it('after 24 h the same body still replays', async () => {
    const key = uniqueKey();
    await completeIdempotent(deps(), await executed(begin(key, 'fp-a')), 201, { id: 'a' });
    clock.advance(24 * HOUR + MINUTE);
    expect(await begin(key, 'fp-a')).toEqual({ kind: 'replay', status: 201, body: { id: 'a' } });
    clock.advance(28 * DAY);
    expect(await begin(key, 'fp-a')).toMatchObject({ kind: 'replay', status: 201 });
  });

  it('after 24 h a different body frees the key and runs as a new request', async () => {
    const key = uniqueKey();
    const first = await executed(begin(key, 'fp-a'));
    await completeIdempotent(deps(), first, 201, { id: 'a' });
    clock.advance(24 * HOUR + MINUTE);
    const second = await executed(begin(key, 'fp-b'));
    expect(second).not.toBe(first);
    await completeIdempotent(deps(), second, 201, { id: 'b' });
    expect(await begin(key, 'fp-b')).toEqual({ kind: 'replay', status: 201, body: { id: 'b' } });
    // The first body is now the different one.
    expect(await refusal(begin(key, 'fp-a'))).toBe('idempotencia_conflito');
  });

  it('after 30 days the record is gone: the same body runs again', async () => {
    const key = uniqueKey();
    await completeIdempotent(deps(), await executed(begin(key, 'fp-a')), 201, { id: 'a' });
    clock.advance(30 * DAY + MINUTE);
    await executed(begin(key, 'fp-a'));
  });

  it('the daily purge erases records older than 30 days and only those', async () => {
    const [old, recent] = [uniqueKey(), uniqueKey()];
    await completeIdempotent(deps(), await executed(begin(old, 'fp')), 201, {});
    clock.advance(20 * DAY);
    await completeIdempotent(deps(), await executed(begin(recent, 'fp')), 201, {});
    clock.advance(10 * DAY + MINUTE);
    expect(await purgeIdempotency(deps())).toBeGreaterThanOrEqual(1);
    const keys = (await t.app.engine.db.idempotencyRecord.findMany({ where: { key: { in: [old, recent] } } })).map(
      (r) => r.key,
    );
    expect(keys).toEqual([recent]);
  });

  // The duplicate that never sees the first call finish (409 conflito after ~3 s) is shown over HTTP below.
  it('a duplicate that sees the first call finish during its wait gets the stored response', async () => {
    const key = uniqueKey();
    const id = await executed(begin(key, 'fp-a'));
    const second = begin(key, 'fp-a');
    await new Promise((r) => setTimeout(r, 400));
    await completeIdempotent(deps(), id, 201, { id: 'first' });
    expect(await second).toEqual({ kind: 'replay', status: 201, body: { id: 'first' } });
  });

  it('a record left running by a crashed process is taken over after 5 minutes', async () => {
    const key = uniqueKey();
    await executed(begin(key, 'fp-a'));
    clock.advance(5 * MINUTE + 1_000);
    await executed(begin(key, 'fp-a'));
  });

  it('an abandoned call (error with nothing created) frees the key at once', async () => {
    const key = uniqueKey();
    await abandonIdempotent(deps(), await executed(begin(key, 'fp-a')));
    await executed(begin(key, 'fp-b'));
  });

  it('keys are scoped to account and environment', async () => {
    const key = uniqueKey();
    await completeIdempotent(deps(), await executed(begin(key, 'fp-a')), 201, {});
    await executed(begin(key, 'fp-b', { ...principal, environment: 'test' }));
    const other = await seedAccount(t.app.engine, 'Outra');
    await executed(begin(key, 'fp-b', { ...principal, accountId: other.accountId }));
  });
});

describe('Idempotency-Key on POST /v1/companies', () => {
  const body = () => ({ cnpj: randomNumericCnpj(), razao_social: 'Idempotente Ltda', municipio: MUNICIPIO_NACIONAL });
  const post = (payload: unknown, key: string, apiKey = acct.liveKey) =>
    httpClient(t.url, apiKey).post('/v1/companies', payload, { headers: { 'idempotency-key': key } });
  const countByCnpj = (cnpj: string) => t.app.engine.db.company.count({ where: { cnpj, accountId: acct.accountId } });

  it('a 422 validacao is not stored: the corrected body with the same key is created, then replayed', async () => {
    const key = uniqueKey();
    const good = body();
    const bad = await post({ ...good, municipio: '0000000' }, key);
    expect(bad.status).toBe(422);
    expect(await t.app.engine.db.idempotencyRecord.count({ where: { key } })).toBe(0);
    const created = await post(good, key);
    expect(created.status, created.text).toBe(201);
    const replay = await post(good, key);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(created.body);
    expect(await countByCnpj(good.cnpj)).toBe(1);
  });

  it('a 403 (restricted key) is not stored either', async () => {
    const key = uniqueKey();
    const payload = body();
    const restricted = await acct.key('live', (await acct.company({}, { certificate: false })).id);
    expect((await post(payload, key, restricted)).status).toBe(403);
    expect((await post(payload, key)).status).toBe(201);
  });

  it('after 24 h another body with the same key creates anew; after 30 days the same body runs again', async () => {
    const key = uniqueKey();
    const first = body();
    const a = await post(first, key);
    expect(a.status).toBe(201);
    clock.advance(24 * HOUR + MINUTE);
    const b = await post(body(), key);
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
    clock.advance(30 * DAY + MINUTE);
    // Not a replay of the stored 201: the request runs, and the existing CNPJ protects against a duplicate.
    const again = await post(first, key);
    expect(again.status).toBe(409);
    expect(await countByCnpj(first.cnpj)).toBe(1);
  });

  it('a duplicate of a call still running waits about 3 s and gets 409 conflito; nothing is created', async () => {
    const key = uniqueKey();
    const payload = body();
    await t.app.engine.db.idempotencyRecord.create({
      data: {
        id: newId(),
        accountId: acct.accountId,
        environment: 'live',
        key,
        fingerprint: requestFingerprint('createCompany', payload),
        state: 'running',
        createdAt: clock.now(),
      },
    });
    const started = Date.now();
    const res = await post(payload, key);
    const waited = Date.now() - started;
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    // conflito (still running), not idempotencia_conflito (another body): the family format carries no code.
    expect(res.body.message).toMatch(/em andamento/);
    expect(waited).toBeGreaterThanOrEqual(2_800);
    expect(waited).toBeLessThan(8_000);
    expect(await countByCnpj(payload.cnpj)).toBe(0);
  });

  it('truly concurrent duplicates create one company; the others wait and replay its 201', async () => {
    const key = uniqueKey();
    const payload = body();
    const results = await Promise.all([post(payload, key), post(payload, key), post(payload, key)]);
    for (const r of results) expect(r.status, r.text).toBe(201);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await countByCnpj(payload.cnpj)).toBe(1);
  });

  it('an empty or oversized key is refused', async () => {
    expect((await post(body(), ' ')).status).toBe(400);
    expect((await post(body(), 'k'.repeat(256))).status).toBe(400);
  });
});
