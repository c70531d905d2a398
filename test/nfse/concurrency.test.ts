// Idempotency-Key and `referencia` under contention: 50 identical POST /v1/nfse at once yield exactly one note, whether they
// share an Idempotency-Key or only a referencia. The guarantees are unique constraints in the database, so this
// file must pass embedded and on PostgreSQL (DATABASE_URL), where the requests really run in parallel.
import { describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { allNotes, nfseBody } from '../support/nfse.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { Prisma } from '../../src/generated/prisma/client.js';
import { newId } from '../../src/engine/nucleo/new-id.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;

useTestApp((s) => ({ t, acct } = s));

const N = 50;

describe('50 identical POST /v1/nfse at once', () => {
  it('same Idempotency-Key: one note; every other answer is the replay or 409 conflito', async () => {
    const company = await acct.company();
    const http = httpClient(t.url, await acct.key('test'));
    const body = nfseBody(company.id);
    const key = `conc-${body.referencia}`;
    const one = await Promise.all(
      Array.from({ length: N }, () => http.post('/v1/nfse', body, { headers: { 'idempotency-key': key } })),
    );
    const statuses = one.map((r) => r.status);
    const bad = one.filter((r) => ![201, 202, 409].includes(r.status));
    expect(bad.map((r) => `${r.status} ${r.text.slice(0, 300)}`)).toEqual([]);
    const created = one.filter((r) => r.status === 201 || r.status === 202);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    for (const r of one.filter((x) => x.status === 409)) expect(r.body.codigo).toBe('conflito');
    const notes = (await allNotes(http)).filter((n) => n.empresa_id === company.id);
    expect(notes, JSON.stringify(statuses)).toHaveLength(1);
    expect(notes[0]!.id).toBe(created[0]!.body.id);
  });

  it('no keys, same referencia: one note; the others get 409 referencia_duplicada with its nfse_id', async () => {
    const company = await acct.company();
    const http = httpClient(t.url, await acct.key('test'));
    const body = nfseBody(company.id);
    const all = await Promise.all(Array.from({ length: N }, () => http.post('/v1/nfse', body)));
    const bad = all.filter((r) => ![201, 202, 409].includes(r.status));
    expect(bad.map((r) => `${r.status} ${r.text.slice(0, 300)}`)).toEqual([]);
    const created = all.filter((r) => r.status === 201 || r.status === 202);
    expect(created).toHaveLength(1);
    const id = created[0]!.body.id;
    for (const r of all.filter((x) => x.status === 409)) {
      expect(r.body.codigo).toBe('referencia_duplicada');
      expect(r.body.nfse_id).toBe(id);
    }
    const notes = (await allNotes(http)).filter((n) => n.empresa_id === company.id);
    expect(notes.map((n) => n.id)).toEqual([id]);
  });

  it('50 different notes of one company at once: all authorised, DPS numbers distinct and contiguous', async () => {
    const company = await acct.company();
    const http = httpClient(t.url, await acct.key('test'));
    // The longest wait: what is tested is the numbering under concurrency, not how fast a loaded machine authorises.
    const all = await Promise.all(
      Array.from({ length: N }, () => http.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=60' } })),
    );
    expect(all.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.text.slice(0, 300)}`)).toEqual([]);
    const numbers = all.map((r) => Number(r.body.numero_dps)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: N }, (_, i) => numbers[0]! + i));
    expect(new Set(all.map((r) => r.body.chave_acesso)).size).toBe(N);
  });
});

describe('the guarantees are database constraints, not application checks', () => {
  const uniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

  it('a second note with the same company, environment and referencia is refused by the database', async () => {
    const company = await acct.company();
    const http = httpClient(t.url, await acct.key('test'));
    const first = await http.post('/v1/nfse', nfseBody(company.id));
    expect(first.status).toBe(201);
    // A copy of the stored row with another id and DPS id: only the referencia collides.
    const row = await t.app.engine.db.nfse.findUniqueOrThrow({
      where: { id: first.body.id },
      omit: { rejeicao: true, cancelamento: true, falha: true, aviso: true, dadosDocumento: true },
    });
    const plain = {
      ...row,
      id: newId(),
      dpsId: `${row.dpsId.slice(0, -3)}999`,
      request: row.request as object,
      dps: row.dps as object,
      ajustes: row.ajustes as object,
    };
    const err = await t.app.engine.db.nfse.create({ data: plain }).catch((e: unknown) => e);
    expect(uniqueViolation(err), String(err)).toBe(true);
    // The same referencia in the other environment is another note.
    await t.app.engine.db.nfse.create({ data: { ...plain, environment: 'live', id: newId() } });
  });

  it('a second idempotency record for the same account, environment and key is refused by the database', async () => {
    const db = t.app.engine.db;
    const data = {
      accountId: acct.accountId,
      environment: 'test' as const,
      key: `db-${newId()}`,
      fingerprint: 'f',
      state: 'running',
      createdAt: new Date(),
    };
    await db.idempotencyRecord.create({ data: { id: newId(), ...data } });
    const err = await db.idempotencyRecord.create({ data: { id: newId(), ...data } }).catch((e: unknown) => e);
    expect(uniqueViolation(err), String(err)).toBe(true);
    await db.idempotencyRecord.create({ data: { id: newId(), ...data, environment: 'live' } });
  });
});
