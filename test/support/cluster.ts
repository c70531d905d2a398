import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { childCommand } from './child-command.js';
import { readyLine } from './ready-line.js';
import { schemaQuery } from './schema-query.js';
import { testKeysEnv } from './test-keys.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Several service processes on one PostgreSQL + Redis: the many-process layout (`serve --role api|worker`).
 * Always on the real servers (CI runs them for both passes; the embedded pass has no way to share a database
 * between processes), at DATABASE_URL/REDIS_URL or the CI defaults.
 */
export const CLUSTER_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const CLUSTER_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ChildInfo {
  url: string;
  pid: number;
  accountId?: string;
  testKey?: string;
  liveKey?: string;
  companyId?: string;
  /** CHILD_SEED_KEYS: more test keys of the seeded account. */
  keys?: string[];
}

export interface Member {
  child: ChildProcess;
  info: ChildInfo;
  exited: Promise<NodeJS.Signals | number | null>;
}

export function createCluster() {
  const schema = `cluster_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-cluster-'));
  const masterKey = randomBytes(32).toString('hex');
  const members: Member[] = [];

  const start = async (role: 'api' | 'worker' | 'all', env: Record<string, string> = {}): Promise<Member> => {
    const child = spawn(process.execPath, childCommand('test/support/children/cluster-child.ts'), {
      cwd: ROOT,
      env: {
        ...process.env,
        ...testKeysEnv(),
        DATABASE_URL: CLUSTER_DATABASE_URL,
        REDIS_URL: CLUSTER_REDIS_URL,
        MASTER_KEY: masterKey,
        DATA_DIR: dataDir,
        CHILD_PG_SCHEMA: schema,
        CHILD_ROLE: role,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    const info = await readyLine<ChildInfo>(
      child,
      (code) => new Error(`${role} process exited (${code}) before it was ready:\n${err.slice(-3000)}`),
    );
    const member = { child, info, exited };
    members.push(member);
    return member;
  };

  const stop = async () => {
    await Promise.all(
      members.map(async (m) => {
        if (m.child.exitCode !== null || m.child.signalCode !== null) return;
        m.child.kill('SIGTERM');
        const timer = setTimeout(() => m.child.kill('SIGKILL'), 10_000);
        await m.exited;
        clearTimeout(timer);
      }),
    );
    rmSync(dataDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  };

  /** A direct connection to the cluster's schema, for assertions on what was committed. */
  const query = schemaQuery(CLUSTER_DATABASE_URL, schema);

  return { start, stop, query, dataDir, members };
}
