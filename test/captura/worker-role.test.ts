// The capture job runs on its own in the worker role only: no test drives it here.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomNumericCnpj } from '../../src/engine/nucleo/random-numeric-cnpj.js';
import { allDocuments, dpsIssuedElsewhere } from '../support/capture.js';
import { httpClient } from '../support/http.js';
import { seedAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let api: TestApp;
let worker: TestApp;
const everySecond = { env: { CAPTURE_TICK_SECONDS: '1' } };

// Two whole services (migrations included) start here; on a loaded machine that takes longer than the default.
beforeAll(async () => {
  [api, worker] = await Promise.all([
    startTestApp({ ...everySecond, role: 'api' }),
    startTestApp({ ...everySecond, role: 'worker' }),
  ]);
}, 300_000);
afterAll(async () => Promise.all([api, worker].map((t) => t?.close())));

/** A production company with one note issued to it elsewhere, waiting in this app's simulated ADN. */
async function companyWithWaitingNote(t: TestApp, nDps: number) {
  const account = await seedAccount(t.app.engine);
  const company = await account.company();
  const note = t.app.simulator.emitDps(dpsIssuedElsewhere(randomNumericCnpj(), company.cnpj, nDps), '1');
  return { account, company, note };
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 150 && !(await check()); i++) await sleep(200);
}

describe('worker role', () => {
  it('--role worker captures a note issued to a production company without being asked; --role api never does', async () => {
    const inApi = await companyWithWaitingNote(api, 920002);
    const inWorker = await companyWithWaitingNote(worker, 920003);
    // The outcome to wait for: the worker process captured on its own schedule. The api process had the same
    // ticks (and two more) to do the same, and must not have scheduled, claimed or stored anything.
    const captured = () =>
      worker.app.engine.db.receivedDocument.findMany({
        where: { companyId: inWorker.company.id },
        select: { chaveAcesso: true, papel: true },
      });
    await waitFor(async () => (await captured()).length > 0);
    expect(await captured()).toEqual([{ chaveAcesso: inWorker.note.chave, papel: 'RECEBIDA' }]);
    await sleep(2_000);
    expect(await api.app.engine.db.captureState.count()).toBe(0);
    expect(await api.app.engine.db.receivedDocument.count()).toBe(0);
    expect(await allDocuments(httpClient(api.url, inApi.account.liveKey))).toEqual([]);
  });
});
