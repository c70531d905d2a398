// A batch's lease is short and renewed by its process's heartbeat while a step runs: a step slower than the lease
// keeps its batch, and a step whose lease went to another process writes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { resumeLotes } from '../../src/engine/lotes/resume-lotes.js';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { newId } from '../../src/engine/nucleo/new-id.js';
import { linha } from '../support/lotes.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
beforeAll(async () => {
  t = await startTestApp({ clock, worker: false, env: { JOB_LEASE_SECONDS: '2', JOB_HEARTBEAT_SECONDS: '0.2' } });
  acct = await seedAccount(t.app.engine);
  company = await acct.company();
});
afterAll(() => t?.close());
beforeEach(() => clock.advance(MINUTE));

const engine = () => t.app.engine;
const loteOf = (id: string) => engine().db.lote.findUniqueOrThrow({ where: { id } });

/** A batch left `validando` by a process that died before judging any line: its lease already ran out. */
async function abandonedLote(): Promise<string> {
  const now = clock.now();
  const lines = [linha(), linha({ valor: 'x' }), linha()];
  const lote = await engine().db.lote.create({
    data: {
      id: newId(),
      accountId: acct.accountId,
      environment: 'test',
      companyId: company.id,
      status: 'validando',
      aoValidar: 'aguardar',
      origem: 'json',
      total: lines.length,
      lockedUntil: new Date(now.getTime() - 1000),
      createdAt: now,
      updatedAt: now,
      itens: {
        create: lines.map((request, i) => ({
          id: newId(),
          linha: i + 1,
          status: 'validando',
          referencia: request.referencia,
          request,
          updatedAt: now,
        })),
      },
    },
  });
  return lote.id;
}

/** The database, with the validation's read of a page of lines held until `open()`: a step as slow as wanted. */
function gatedDb(db: Db) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const state = { arrived: 0, open: () => release() };
  const bind = <T extends object>(target: T, override: (prop: string | symbol) => unknown) =>
    new Proxy(target, {
      get(obj, prop) {
        const own = override(prop);
        if (own !== undefined) return own;
        const value = Reflect.get(obj, prop) as unknown;
        return typeof value === 'function' ? value.bind(obj) : value;
      },
    });
  const loteItem = bind(db.loteItem, (prop) =>
    prop === 'findMany'
      ? async (args: { where?: { status?: unknown } }) => {
          if (args.where?.status === 'validando') {
            state.arrived++;
            await gate;
          }
          return db.loteItem.findMany(args as Parameters<Db['loteItem']['findMany']>[0]);
        }
      : undefined,
  );
  return { db: bind(db, (prop) => (prop === 'loteItem' ? loteItem : undefined)) as Db, state };
}

describe('batch leases', () => {
  it('a step slower than its lease is renewed by the heartbeat: a second process does not take the batch', async () => {
    const id = await abandonedLote();
    const gated = gatedDb(engine().db);
    const running = resumeLotes({ ...engine(), db: gated.db });
    await waitFor(async () => gated.state.arrived > 0, 'the resumed validation to read its first page');
    const claimed = await loteOf(id);

    // Far past the lease the resumption gave: only a renewal keeps the batch this process's.
    clock.advance(3 * MINUTE);
    await waitFor(
      async () => ((await loteOf(id)).lockedUntil?.getTime() ?? 0) > clock.now().getTime(),
      'the heartbeat to renew the lease',
      5_000,
    );
    expect(await resumeLotes(engine())).toBe(0);
    expect((await loteOf(id)).lease).toBe(claimed.lease);

    gated.state.open();
    expect(await running).toBe(1);
    const done = await loteOf(id);
    expect(done.status).toBe('aguardando_emissao');
    expect(done.lockedUntil).toBeNull();
    const itens = await engine().db.loteItem.findMany({ where: { loteId: id }, orderBy: { linha: 'asc' } });
    expect(itens.map((i) => i.status)).toEqual(['aguardando_emissao', 'com_erro_validacao', 'aguardando_emissao']);
  });

  it('a step whose lease went to another process writes nothing; the process that took it over validates', async () => {
    const id = await abandonedLote();
    const gated = gatedDb(engine().db);
    const stale = resumeLotes({ ...engine(), db: gated.db });
    await waitFor(async () => gated.state.arrived > 0, 'the first step to read its first page');

    // Another process took the batch over (the first one froze past its lease): the generation moved on.
    await engine().db.lote.update({ where: { id }, data: { lease: { increment: 1 } } });
    gated.state.open();
    await stale;
    const after = await loteOf(id);
    expect(after.status).toBe('validando');
    const untouched = await engine().db.loteItem.findMany({ where: { loteId: id } });
    expect(untouched.map((i) => i.status)).toEqual(['validando', 'validando', 'validando']);

    await engine().db.lote.update({ where: { id }, data: { lockedUntil: new Date(clock.now().getTime() - 1000) } });
    expect(await resumeLotes(engine())).toBe(1);
    expect((await loteOf(id)).status).toBe('aguardando_emissao');
  });
});
