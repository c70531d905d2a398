import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { loadMigrations } from '../../src/db/migrate.js';
import { fiscalDataDir } from '../../src/engine/tabelas/fiscal-data-dir.js';
import { childCommand } from '../support/child-command.js';
import { readyLine } from '../support/ready-line.js';
import { usingPostgres } from '../support/test-app.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'src/cli/main.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  json: Record<string, any>;
}

/** The process environment without the variables that pick shared services; `extra` decides the database. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, REDIS_URL: _r, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'error', ...extra };
}

function cli(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    // The CLI's entry as the test run's child processes run it (test/support/child-command.ts).
    const child = spawn(process.execPath, [...childCommand(CLI), ...args], {
      cwd: ROOT,
      env,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (input !== undefined) child.stdin!.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c) => (stdout += c));
    child.stderr!.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = stdout.split('\n').filter((l) => l.trim() !== '');
      // Every command prints one JSON object on stdout, on success and on failure.
      expect(lines, `fiscal-api ${args.join(' ')} printed:\n${stdout}\nstderr:\n${stderr}`).toHaveLength(1);
      const json = JSON.parse(lines[0]!);
      expect(typeof json === 'object' && json !== null && !Array.isArray(json)).toBe(true);
      resolve({ code, stdout, stderr, json });
    });
  });
}

/** Every text value of every row of every table, for "the key is stored nowhere" checks. */
async function dumpAllRows(query: (sql: string) => Promise<Array<Record<string, unknown>>>): Promise<string> {
  const tables = await query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  expect(tables.length).toBeGreaterThan(3);
  const rows: string[] = [];
  for (const { table_name } of tables) {
    for (const r of await query(`SELECT row_to_json(t)::text AS j FROM "${table_name as string}" t`))
      rows.push(r.j as string);
  }
  return rows.join('\n');
}

const KEY_SHAPE = /^svc_(test|live)_([A-Za-z0-9_-]+)$/;

describe(`CLI commands (${usingPostgres() ? 'PostgreSQL: a fresh database' : 'embedded: a fresh DATA_DIR'})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-cli-'));
  const dbName = `cli_${randomBytes(5).toString('hex')}`;
  const databaseUrl = usingPostgres()
    ? Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${dbName}` }).toString()
    : null;
  const env = childEnv(databaseUrl ? { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir });

  const admin = async <T>(run: (c: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    if (databaseUrl) await admin((c) => c.query(`CREATE DATABASE "${dbName}"`));
  });
  afterAll(async () => {
    if (databaseUrl) await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function withDatabase<T>(
    run: (query: (sql: string, params?: unknown[]) => Promise<Array<Record<string, any>>>) => Promise<T>,
  ): Promise<T> {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return await run(async (sql, params) => (await client.query(sql, params)).rows);
      } finally {
        await client.end();
      }
    }
    const db = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), migrate: false });
    try {
      return await run(async (sql, params) => (await db.sql.query(sql, params)).rows as Array<Record<string, any>>);
    } finally {
      await db.close();
    }
  }

  it('migrate applies every migration of prisma/migrations to the empty database', async () => {
    const first = await cli(['migrate'], env);
    expect(first.code).toBe(0);
    expect(first.json.aplicadas).toEqual((await loadMigrations()).map((m) => m.name));
    expect(first.json.aplicadas.length).toBeGreaterThan(0);
  });

  it('accounts, keys and plans, each printing one JSON object; only key hashes are stored', async () => {
    const account = await cli(['accounts', 'create', '--name', 'Conta CLI'], env);
    expect(account.code).toBe(0);
    expect(account.json).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const accountId = account.json.id as string;

    const test = await cli(['keys', 'create', '--account', accountId, '--env', 'test'], env);
    const live = await cli(['keys', 'create', '--account', accountId, '--env', 'live'], env);
    for (const [run, environment] of [
      [test, 'test'],
      [live, 'live'],
    ] as const) {
      expect(run.code).toBe(0);
      expect(Object.keys(run.json).sort()).toEqual(['id', 'key']);
      const match = KEY_SHAPE.exec(run.json.key);
      expect(match?.[1]).toBe(environment);
      // At least 32 random bytes: 43 base64url characters.
      expect(match![2]!.length).toBeGreaterThanOrEqual(43);
      expect(Buffer.from(match![2]!, 'base64url').length).toBeGreaterThanOrEqual(32);
    }
    expect(test.json.key).not.toBe(live.json.key);

    const revoked = await cli(['keys', 'revoke', '--id', test.json.id], env);
    expect(revoked.code).toBe(0);
    expect(revoked.json.id).toBe(test.json.id);

    const plan = await cli(['accounts', 'update', '--id', accountId, '--plano', 'inativo'], env);
    expect(plan.code).toBe(0);
    expect(plan.json).toMatchObject({ id: accountId, plano: 'inativo' });
    const email = await cli(['accounts', 'update', '--id', accountId, '--email', 'dona@example.com'], env);
    expect(email.code).toBe(0);
    expect(email.json).toEqual({ id: accountId, plano: 'inativo', email: 'dona@example.com' });

    await withDatabase(async (query) => {
      const keys = await query('SELECT id, hash, environment, revoked_at FROM api_keys ORDER BY created_at');
      expect(keys).toHaveLength(2);
      const byId = new Map(keys.map((k) => [k.id, k]));
      const sha = (key: string) => createHash('sha256').update(key).digest('hex');
      expect(byId.get(test.json.id)).toMatchObject({ hash: sha(test.json.key), environment: 'test' });
      expect(byId.get(test.json.id)!.revoked_at).not.toBeNull();
      expect(byId.get(live.json.id)).toMatchObject({ hash: sha(live.json.key), environment: 'live', revoked_at: null });
      expect((await query('SELECT plan, email FROM accounts WHERE id = $1', [accountId]))[0]).toEqual({
        plan: 'inativo',
        email: 'dona@example.com',
      });
      // Later commands found the schema current: each migration is recorded once, none applied twice.
      const history = await query('SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name');
      expect(history.map((h) => h.migration_name)).toEqual((await loadMigrations()).map((m) => m.name));
      const everything = await dumpAllRows(query);
      for (const key of [test.json.key, live.json.key]) {
        const secret = KEY_SHAPE.exec(key)![2]!;
        expect(everything).not.toContain(secret);
        expect(everything).not.toContain(secret.slice(0, 20));
      }
    });
  });

  it('painel senha sets a panel password from the environment or stdin; painel convite prints a one-time link', async () => {
    const account = await cli(['accounts', 'create', '--name', 'Conta do painel', '--email', 'Dono@Example.com'], env);
    const accountId = account.json.id as string;
    const fromEnv = await cli(['painel', 'senha', '--email', 'dono@example.com'], {
      ...env,
      FISCAL_PAINEL_SENHA: 'primeira senha longa',
    });
    expect(fromEnv.code).toBe(0);
    expect(fromEnv.json).toEqual({
      pessoa_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      conta_id: accountId,
      email: 'dono@example.com',
    });
    const fromStdin = await cli(['painel', 'senha', '--email', 'DONO@example.com'], env, 'segunda senha longa\n');
    expect(fromStdin.code).toBe(0);
    expect(fromStdin.json.pessoa_id).toBe(fromEnv.json.pessoa_id);
    const short = await cli(['painel', 'senha', '--email', 'dono@example.com'], env, 'curta\n');
    expect(short.code).toBe(1);
    expect(short.json.erro).toMatch(/senha deve ter de 10 a 200/);
    const stranger = await cli(['painel', 'senha', '--email', 'ninguem@example.com'], env, 'uma senha longa\n');
    expect(stranger.code).toBe(1);
    expect(stranger.json.erro).toMatch(/no account has the owner e-mail/);

    const convite = await cli(['painel', 'convite', '--email', 'colega@example.com', '--conta', accountId], env);
    expect(convite.code).toBe(0);
    expect(convite.json).toEqual({
      link: expect.stringMatching(/^\/painel\/convite\?token=[\w-]{43}$/),
      email: 'colega@example.com',
      expira_em: expect.any(String),
    });

    await withDatabase(async (query) => {
      const [row] = await query('SELECT account_id, senha_hash FROM pessoas WHERE email = $1', ['dono@example.com']);
      expect(row!.account_id).toBe(accountId);
      expect(row!.senha_hash).toMatch(/^scrypt\$/);
      const everything = await dumpAllRows(query);
      for (const secret of ['primeira senha longa', 'segunda senha longa', convite.json.link.split('=')[1]])
        expect(everything).not.toContain(secret);
    });
  });

  it('jobs dead lists the dead transmission jobs; jobs retry names a missing one and refuses a malformed id', async () => {
    // A dead job's retry itself is test/fila/dead-jobs.test.ts (retryDeadNfse, which the command runs).
    const dead = await cli(['jobs', 'dead'], env);
    expect(dead.code).toBe(0);
    expect(dead.json).toEqual({ jobs: [] });
    const missing = await cli(['jobs', 'retry', '--id', '00000000-0000-4000-8000-000000000000'], env);
    expect(missing.code).toBe(1);
    expect(missing.json.erro).toMatch(/Nenhuma transmissão .* desistida com o id 00000000-0000-4000-8000-000000000000/);
    const malformed = await cli(['jobs', 'retry', '--id', 'x'], env);
    expect(malformed.code).toBe(2);
    expect(malformed.json.erro).toMatch(/--id must be a job id/);
  });

  it('refuses bad arguments before touching the database: exit 2 and one JSON object naming the problem', async () => {
    // A DATA_DIR that does not exist: opening (or even locking) the embedded database would create it.
    const untouched = join(dataDir, 'nunca-criado');
    const env = childEnv({ DATA_DIR: untouched });
    const noFlag = await cli(['accounts', 'create'], env);
    expect(noFlag.code).toBe(2);
    expect(noFlag.json.erro).toMatch(/--name/);
    const badEnv = await cli(
      ['keys', 'create', '--account', '00000000-0000-0000-0000-000000000000', '--env', 'prod'],
      env,
    );
    expect(badEnv.code).toBe(2);
    expect(badEnv.json.erro).toMatch(/--env must be test or live/);
    const badPlan = await cli(['accounts', 'update', '--id', 'x', '--plano', 'gratis'], env);
    expect(badPlan.code).toBe(2);
    expect(badPlan.json.erro).toMatch(/--plano must be ativo or inativo/);
    const nothing = await cli(['accounts', 'update', '--id', 'x'], env);
    expect(nothing.code).toBe(2);
    expect(nothing.json.erro).toMatch(/--plano or --email/);
    const unknown = await cli(['nada'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.json.erro).toMatch(/usage/);
    expect(existsSync(untouched)).toBe(false);
  });
});

describe('npm start (embedded), as the README runs it, and the DATA_DIR lock', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-serve-'));
  const env = childEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
  let server: ChildProcess | null = null;

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds dist/, serves /healthz and the demo keys; a second process on the same DATA_DIR exits non-zero', async () => {
    // The README's command: scripts/build.mjs, then plain node on dist/ with the start script's heap budget.
    server = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    server.stderr!.on('data', (c) => (stderr += c));
    const ready = await readyLine<Record<string, any>>(server, (code) => new Error(`serve exited ${code}: ${stderr}`));
    expect(ready).toMatchObject({
      servindo: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      papel: 'all',
      banco: 'pglite',
    });
    const url = ready.servindo as string;

    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toBeTruthy();
    // First start of an empty DATA_DIR prints a demo account's keys, once.
    expect(ready.demo.chave_producao).toMatch(/^svc_live_/);
    const companies = await fetch(`${url}/v1/companies`, {
      headers: { authorization: `Bearer ${ready.demo.chave_producao}` },
    });
    expect(companies.status).toBe(200);
    expect(await companies.json()).toHaveLength(1);
    // ...and a panel sign-in for the same account.
    expect(ready.demo.painel).toEqual({
      url: `${url}/painel`,
      email: 'demo@fiscal-api.local',
      senha: expect.any(String),
    });
    const entrar = await fetch(`${url}/painel/api/entrar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ready.demo.painel),
    });
    expect(entrar.status).toBe(200);
    expect((await entrar.json()).conta.id).toBe(ready.demo.conta_id);

    const second = await cli(['serve'], env);
    expect(second.code).not.toBe(0);
    expect(second.json.erro).toMatch(/DATA_DIR .* is in use by process \d+/);
    expect(second.json.erro).toContain(readFileSync(join(dataDir, 'LOCK'), 'utf8').trim());
    // Other commands on the same DATA_DIR are refused the same way, and the first server keeps serving.
    const third = await cli(['accounts', 'create', '--name', 'X'], env);
    expect(third.code).not.toBe(0);
    expect(third.json.erro).toMatch(/in use/);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    // The generated master key is readable by its owner only.
    expect(statSync(join(dataDir, 'master.key')).mode & 0o777).toBe(0o600);

    // The service runs from dist/ (not under tsx) with the start script's heap budget.
    const lockPid = readFileSync(join(dataDir, 'LOCK'), 'utf8').trim().split(/\s/)[0];
    const cmdline = readFileSync(`/proc/${lockPid}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain('dist/cli/main.js');
    expect(cmdline.some((a) => /^--max-old-space-size=\d+$/.test(a))).toBe(true);
    expect(cmdline.join(' ')).not.toContain('tsx');

    // npm hands SIGTERM to the service (the start script execs node), which stops cleanly.
    const exited = new Promise<number | null>((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    // A clean stop releases the lock.
    expect(existsSync(join(dataDir, 'LOCK'))).toBe(false);
  }, 180_000); // the build and four processes start and stop here, one after another (about 55 s alone on a quiet machine)
});

describe('the official data directory (FISCAL_DATA_DIR) is checked at start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a missing folder stops npm start and serve with a message naming the variable and the path', async () => {
    const missing = join(dataDir, 'nao-existe');
    const env = childEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', FISCAL_DATA_DIR: missing });
    const expected = `FISCAL_DATA_DIR: a pasta de dados oficiais ${missing} não existe`;

    const start = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    start.stdout.on('data', (c) => (output += c));
    start.stderr.on('data', (c) => (output += c));
    const code = await new Promise<number | null>((resolve) => start.once('close', resolve));
    expect(code, output).not.toBe(0);
    expect(output).toContain(expected);
    expect(output).not.toContain('servindo');

    const serve = await cli(['serve'], env);
    expect(serve.code).not.toBe(0);
    expect(serve.json.erro).toContain(expected);
  }, 60_000);

  it('a folder without one of the datasets names the missing file', async () => {
    // The real data directory, but nfe/ without rules/cstat.csv.
    const partial = join(dataDir, 'parcial');
    mkdirSync(join(partial, 'nfe'), { recursive: true });
    symlinkSync(join(fiscalDataDir(), 'nfse-nacional'), join(partial, 'nfse-nacional'));
    symlinkSync(join(fiscalDataDir(), 'nfse-municipal'), join(partial, 'nfse-municipal'));
    for (const folder of ['xsd', 'webservices', 'rtc', 'tabelas'])
      symlinkSync(join(fiscalDataDir(), 'nfe', folder), join(partial, 'nfe', folder));

    const serve = await cli(
      ['serve'],
      childEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', FISCAL_DATA_DIR: partial }),
    );
    expect(serve.code).not.toBe(0);
    expect(serve.json.erro).toBe(
      `invalid configuration:\n- FISCAL_DATA_DIR: falta nfe/rules/cstat.csv na pasta de dados oficiais ${partial}`,
    );
  });
});
