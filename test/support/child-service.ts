import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';
import { childCommand } from './child-command.js';
import { readPgliteTemplate, TEMPLATE_ENV } from './pglite-template.js';
import { readyLine } from './ready-line.js';
import { providedPgliteTemplate, usingPostgres } from './test-app.js';
import { testKeysEnv } from './test-keys.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Runs an entry (a service or worker the crash tests can SIGKILL) as a child process and waits for the one JSON
 * line it prints when it is ready: a TypeScript entry as childCommand runs it, a .js file (dist/, as `npm start`
 * runs) on plain node. The child is added to `children`, for `cleanUpChildren`. `nodeArgs` go to node (e.g. --cpu-prof), `args`
 * to the script. `stderr` answers what the child wrote there so far (why it exited, when a test finds it gone).
 */
export async function startChildProcess<Info>(
  script: string,
  env: Record<string, string>,
  children: ChildProcess[],
  { args = [], nodeArgs = [] }: { args?: string[]; nodeArgs?: string[] } = {},
): Promise<{ child: ChildProcess; info: Info; stderr: () => string }> {
  const command = script.endsWith('.ts') ? childCommand(script) : [script];
  const template = providedPgliteTemplate();
  const child = spawn(process.execPath, [...nodeArgs, ...command, ...args], {
    cwd: ROOT,
    // An embedded child starts its DATA_DIR from the run's migrated PGlite (child entries pass it to createApp),
    // and signs with this process's test keys instead of generating its own.
    env: { ...process.env, ...testKeysEnv(), ...(template ? { [TEMPLATE_ENV]: template } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const info = await readyLine<Info>(
    child,
    (code) => new Error(`${script} exited (${code}) before it was ready:\n${err.slice(-3000)}`),
  );
  return { child, info, stderr: () => err };
}

/**
 * The process that takes over from one a test is about to kill. On PostgreSQL it starts before the kill and stays
 * frozen (SIGSTOP) until `takeOver()`, as a second process of a deployment would be running: what the test measures
 * is how long the dead process's leases hold its work, not how long a process takes to start on a loaded machine.
 * Embedded, DATA_DIR serves one process, so it starts at `takeOver()`, after the kill (the dead process's leases
 * end when it opens the database, and its start-up is what the recovery waits for).
 */
export async function standbyProcess<Info>(
  start: () => Promise<{ child: ChildProcess; info: Info }>,
): Promise<{ takeOver: () => Promise<{ child: ChildProcess; info: Info }> }> {
  if (!usingPostgres()) return { takeOver: start };
  const started = await start();
  started.child.kill('SIGSTOP');
  return {
    takeOver: async () => {
      started.child.kill('SIGCONT');
      return started;
    },
  };
}

/**
 * Gives an embedded DATA_DIR the run's migrated database, as a child entry's pgliteTemplate does, for a process
 * that cannot take one (`fiscal-api serve`): it then opens an existing database instead of running initdb and
 * every migration. Without a template (a PostgreSQL run) the directory is left empty.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const template = readPgliteTemplate(providedPgliteTemplate());
  if (!template) return;
  const db = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), pgliteTemplate: template, migrate: false });
  await db.close();
}

/** Kills what is still running and removes the children's DATA_DIR and PostgreSQL schema (null: none). */
/**
 * Kills (SIGKILL) the children still running and waits for their exit: a test that failed half-way leaves no
 * process holding the DATA_DIR the next test of its file starts on.
 */
export async function stopChildren(children: ChildProcess[]): Promise<void> {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  await Promise.all(
    running.map(
      (c) =>
        new Promise<void>((resolve) => {
          c.once('exit', () => resolve());
          c.kill('SIGKILL');
        }),
    ),
  );
}

export async function cleanUpChildren(children: ChildProcess[], dataDir: string, schema: string | null): Promise<void> {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (schema && usingPostgres()) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}

/**
 * The lines of type `t` in a simulator's JSON-lines state (DATA_DIR/simulador/`name`), read as the simulator reads
 * it: a line still being written (after the last newline) is not there yet, and a line torn by a killed writer is
 * no line.
 */
export function simulatorLines<Line>(dataDir: string, name: string, t: string): Line[] {
  const file = join(dataDir, 'simulador', name);
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((l) => l.startsWith(`{"t":"${t}"`))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Line];
      } catch {
        return [];
      }
    });
}

/** DPS ids of every note the simulated national side holds, one entry per note. */
export function nationalDpsIds(dataDir: string): string[] {
  return simulatorLines<{ note: { idDps: string } }>(dataDir, 'simulador-nfse.jsonl', 'nfse').map((l) => l.note.idDps);
}
