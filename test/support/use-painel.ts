import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { httpClient, type Http } from './http.js';
import { seedPessoa } from './painel.js';
import { buildPainelForTest, usePainelBrowser, type PainelBrowser } from './painel-browser.js';
import type { SeededAccount, SeededCompany } from './seed.js';
import type { TestApp, TestAppOptions } from './test-app.js';
import { useTestApp } from './use-test-app.js';

export interface Painel extends PainelBrowser {
  t: TestApp;
  acct: SeededAccount;
  company: SeededCompany;
  /** A client of the account's production key (the panel shows production only). */
  live: Http;
  /** The person who signs in to the panel. */
  email: string;
  senha: string;
}

/**
 * A test file's panel: the interface built into a folder of its own, a test app serving it (PAINEL_DIR), a
 * seeded account with one company and a person with a password, and one headless chromium. `bind` receives
 * them once all are up.
 */
export function usePainel(bind: (p: Painel) => void, options?: () => TestAppOptions): void {
  let dir: string;
  let started: Omit<Painel, keyof PainelBrowser>;
  beforeAll(() => {
    dir = buildPainelForTest();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  useTestApp(
    (s) => void (started = { t: s.t, acct: s.acct } as typeof started),
    () => ({ ...options?.(), env: { ...options?.()?.env, PAINEL_DIR: dir } }),
  );
  beforeAll(async () => {
    const { email, senha } = await seedPessoa(started.t.app.engine, started.acct.accountId);
    started = {
      ...started,
      company: await started.acct.company(),
      live: httpClient(started.t.url, started.acct.liveKey),
      email,
      senha,
    };
  });
  usePainelBrowser((b) => bind({ ...started, ...b }));
}
