// The signal handling of `fiscal-api serve`: the first SIGTERM closes the app with the grace period and exits 0,
// a second signal exits at once; and the real `serve` command exits 0 on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { stopOnSignals } from '../../src/cli/stop-on-signals.js';
import { createLogger } from '../../src/create-logger.js';
import { childCommand } from '../support/child-command.js';
import { readyLine } from '../support/ready-line.js';
import { migratedDataDir } from '../support/child-service.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('stopOnSignals', () => {
  const before = { term: process.listeners('SIGTERM'), int: process.listeners('SIGINT') };
  afterEach(() => {
    for (const [signal, kept] of [
      ['SIGTERM', before.term],
      ['SIGINT', before.int],
    ] as const) {
      for (const l of process.listeners(signal)) if (!kept.includes(l)) process.removeListener(signal, l);
    }
  });

  it('closes with the grace period and exits 0; a second signal exits 1 at once, without waiting for the close', async () => {
    const exits: number[] = [];
    const closes: Array<number | undefined> = [];
    let finish!: () => void;
    const app = {
      close: (o?: { graceMs?: number }) => (closes.push(o?.graceMs), new Promise<void>((r) => (finish = r))),
    };
    stopOnSignals(app, { graceMs: 7_000, logger: createLogger('silent'), exit: (code) => exits.push(code) });
    process.emit('SIGTERM');
    expect(closes).toEqual([7_000]);
    expect(exits).toEqual([]);
    process.emit('SIGINT');
    expect(exits).toEqual([1]);
    expect(closes).toHaveLength(1);
    finish();
    await new Promise((r) => setImmediate(r));
    expect(exits).toEqual([1, 0]);
  });

  it('exits 1 when the close fails', async () => {
    const exits: number[] = [];
    stopOnSignals(
      { close: async () => Promise.reject(new Error('boom')) },
      { graceMs: 1, logger: createLogger('silent'), exit: (code) => exits.push(code) },
    );
    process.emit('SIGTERM');
    await new Promise((r) => setImmediate(r));
    expect(exits).toEqual([1]);
  });
});

describe('fiscal-api serve', () => {
  it('exits 0 on SIGTERM, within the grace period', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-stop-'));
    await migratedDataDir(dataDir);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SHUTDOWN_GRACE_SECONDS: '5',
      CAPTURE_TICK_SECONDS: '0',
      LOG_LEVEL: 'silent',
    };
    // Embedded: this process opens its own DATA_DIR whatever the test run's database.
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, [...childCommand('src/cli/main.ts'), 'serve'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const started = await readyLine<{ servindo: string }>(
        child,
        (code) => new Error(`serve exited (${code}) before it was ready`),
      );
      expect((await fetch(`${started.servindo}/healthz`)).status).toBe(200);
      const signalled = Date.now();
      const exited = new Promise<number | string | null>((resolve) =>
        child.once('exit', (code, signal) => resolve(signal ?? code)),
      );
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5_000 + 5_000);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
