// An NF-e's settling statement is fenced by the job's lease generation, as the NFS-e path is: a runner whose lease
// ran out while the authority answered (another worker claimed the job) neither settles the note nor ends the job;
// the job's current runner does.
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { createNfe } from '../../src/engine/nfe/create-nfe.js';
import { runNfeJob } from '../../src/engine/nfe/run-nfe-job.js';
import { NFE_COMPANY, nfeBody, nfeInput } from '../support/nfe-fixtures.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false }),
);

describe('NF-e settle fencing', () => {
  it('a runner that lost its lease does not settle the NF-e; the runner holding it does', async () => {
    const db = t.app.engine.db;
    const companyId = (await acct.company(NFE_COMPANY)).id;
    const principal: Principal = { accountId: acct.accountId, environment: 'test', apiKeyId: 'test', companyId: null };
    const { view } = await createNfe(t.app.engine, principal, { body: nfeInput(nfeBody({ empresa_id: companyId })) });
    const created = await db.transmissionJob.findUniqueOrThrow({ where: { id: view.id } });
    expect(created.lease).toBe(0);
    // Another worker claimed the job after the first runner's lease ran out: the generation moved on.
    await db.transmissionJob.update({ where: { id: view.id }, data: { lease: 1, attempts: 2 } });

    const stale = await runNfeJob(t.app.engine, { ...created, lease: 0 });
    expect(stale?.status).toBe('transmitindo');
    expect(await db.nfe.findUniqueOrThrow({ where: { id: view.id } })).toMatchObject({ status: 'transmitindo' });
    expect(await db.transmissionJob.findUniqueOrThrow({ where: { id: view.id } })).toMatchObject({ lease: 1 });
    const settledEvents = async () =>
      (await db.event.findMany({ where: { accountId: acct.accountId, tipo: 'NFE_AUTORIZADA' } })).filter(
        (e) => (e.dados as { id?: string }).id === view.id,
      );
    expect(await settledEvents()).toHaveLength(0);

    const current = await runNfeJob(t.app.engine, { ...created, lease: 1, attempts: 2 });
    expect(current?.status).toBe('autorizada');
    expect(await db.transmissionJob.count({ where: { id: view.id } })).toBe(0);
    expect(await settledEvents()).toHaveLength(1);
  });
});
