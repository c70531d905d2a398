import { afterAll, beforeAll } from 'vitest';
import { seedAccount, type SeededAccount } from './seed.js';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';

export interface StartedTestApp {
  t: TestApp;
  acct: SeededAccount;
}

/**
 * The set-up most test files share: a test app with a seeded account, started before the file's tests and closed
 * after them. `bind` receives both once started (`useTestApp((s) => ({ t, acct } = s))`); the file's own
 * beforeAll hooks, registered after this call, run after it. `options` is read when the app starts, so it may
 * use values an earlier hook set.
 */
export function useTestApp(bind: (started: StartedTestApp) => void, options?: () => TestAppOptions): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp(options?.());
    bind({ t, acct: await seedAccount(t.app.engine) });
  });
  afterAll(async () => t?.close());
}
