import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { EngineDeps } from '../engine-deps.js';
import type { KeyPrincipal } from '../chaves/principal.js';
import { RequestLog, type RequestLine } from './request-log.js';

const principal: KeyPrincipal = {
  accountId: '00000000-0000-4000-8000-000000000001',
  environment: 'test',
  apiKeyId: '00000000-0000-4000-8000-000000000002',
  companyId: null,
};
const line = (requestId: string): RequestLine => ({
  principal,
  at: new Date('2026-11-02T12:00:00Z'),
  requestId,
  method: 'GET',
  rota: '/v1/account',
  status: 200,
  codigo: null,
  durationMs: 1,
  notaId: null,
  loteId: null,
  empresaId: null,
});

/** A database that stores what it is given and refuses writes while `down`. */
function fakeDb() {
  const state = {
    down: false,
    loseAnswer: false,
    inserts: [] as Array<Array<{ id: string; requestId: string }>>,
    counts: [] as unknown[][],
  };
  const sql = async (_name: string, _text: string, params: unknown[]) => {
    if (state.down) throw new Error('database down');
    state.inserts.push(JSON.parse(params[0] as string) as Array<{ id: string; requestId: string }>);
    if (state.loseAnswer) throw new Error('connection lost after the commit');
    return [];
  };
  const db = {
    $executeRaw: async (_strings: TemplateStringsArray, ...values: Array<{ values: unknown[] }>) => {
      if (state.down) throw new Error('database down');
      state.counts.push(values[0]!.values);
      return 1;
    },
  };
  return {
    state,
    deps: { db: db as unknown as EngineDeps['db'], sql: sql as EngineDeps['sql'], logger: pino({ level: 'silent' }) },
  };
}

describe('RequestLog', () => {
  it('writes held lines in INSERTs of at most flushLines, and the counts of each cycle in one statement', async () => {
    const { state, deps } = fakeDb();
    const log = new RequestLog(deps, { flushMs: 3_600_000, flushLines: 2 });
    state.down = true; // the write a full chunk starts fails: everything stays held
    for (const id of ['a', 'b', 'c']) log.record(line(id));
    log.count(principal, new Date('2026-11-02T12:00:00Z'));
    log.count(principal, new Date('2026-11-02T12:00:01Z'));
    await log.flush();
    expect(state.inserts).toEqual([]);
    state.down = false;
    await log.close();
    expect(state.inserts.map((chunk) => chunk.map((row) => row.requestId))).toEqual([['a', 'b'], ['c']]);
    // Two requests of one account, environment and cycle: one row of values with n = 2.
    expect(state.counts).toEqual([[principal.accountId, 'test', '2026-11', 2n]]);
  });

  it('retries a write whose answer was lost with the same ids (the insert then skips the lines already stored)', async () => {
    const { state, deps } = fakeDb();
    const log = new RequestLog(deps, { flushMs: 3_600_000 });
    log.record(line('x'));
    state.loseAnswer = true;
    await log.flush();
    state.loseAnswer = false;
    await log.flush();
    const attempts = state.inserts.map((chunk) => chunk.map((row) => row.id));
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toEqual(attempts[0]);
    await log.flush();
    expect(state.inserts).toHaveLength(2);
    await log.close();
  });

  it('holds at most maxPending lines while the database refuses them', async () => {
    const { state, deps } = fakeDb();
    state.down = true;
    const log = new RequestLog(deps, { flushMs: 3_600_000, flushLines: 1000, maxPending: 3 });
    for (const id of ['1', '2', '3', '4', '5']) log.record(line(id));
    await log.flush();
    state.down = false;
    await log.close();
    expect(state.inserts.flat().map((row) => row.requestId)).toEqual(['1', '2', '3']);
  });
});
