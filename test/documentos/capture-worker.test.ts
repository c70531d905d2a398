// The capture job runs on its own in the worker role (issue 11 item 1): no test drives it here.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomNumericCnpj } from '../../src/engine/kernel/cnpj.js';
import { httpClient } from '../support/http.js';
import { seedAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { allDocuments, dpsIssuedElsewhere } from './capture-kit.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { CAPTURE_TICK_SECONDS: '1' } });
});
afterAll(async () => t?.close());

describe('worker role', () => {
  it('captures a note issued to a production company without being asked', async () => {
    const account = await seedAccount(t.app.engine);
    const company = await account.company();
    const note = t.app.engine.national.simulator.emitDps(dpsIssuedElsewhere(randomNumericCnpj(), company.cnpj, 920001), '1');
    const live = httpClient(t.url, account.liveKey);
    let docs: Array<Record<string, any>> = [];
    for (let i = 0; i < 100 && docs.length === 0; i++) {
      docs = await allDocuments(live);
      if (docs.length === 0) await sleep(200);
    }
    expect(docs.map((d) => d.chaveAcesso)).toEqual([note.chave]);
  });
});
