// One allocator of DPS numbers for single notes and batch chunks: concurrent callers get disjoint numbers, a
// chunk's consecutive, and the series moves by exactly what was taken.
import { beforeAll, describe, expect, it } from 'vitest';
import { nextDpsNumber } from '../../src/engine/nfse/next-dps-number.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  company = await acct.company();
});

describe('nextDpsNumber', () => {
  it('gives single notes and a chunk of numbers taken together disjoint numbers, the chunk consecutive', async () => {
    const deps = t.app.engine;
    const wanted = { companyId: company.id, environment: 'test', serie: '77' };
    const counts = [1, 200, 1, 3, 1];
    const firsts = await Promise.all(counts.map((count) => nextDpsNumber(deps, { ...wanted, count })));
    const taken = firsts.flatMap((first, i) => Array.from({ length: counts[i]! }, (_, j) => first + BigInt(j)));
    expect(new Set(taken).size).toBe(206);
    expect(taken.reduce((a, b) => (a < b ? a : b))).toBe(1n);
    expect(taken.reduce((a, b) => (a > b ? a : b))).toBe(206n);
    expect(await nextDpsNumber(deps, wanted)).toBe(207n);
    // Another series of the same company starts on its own.
    expect(await nextDpsNumber(deps, { ...wanted, serie: '78', count: 5 })).toBe(1n);
    expect(await nextDpsNumber(deps, { ...wanted, serie: '78' })).toBe(6n);
  });
});
