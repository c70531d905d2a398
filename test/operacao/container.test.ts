// The container files cannot be built here (no Docker daemon), so their structure is checked instead: the
// Dockerfile's stages, user, health check and command (equal to what `npm start` runs after its build step, so
// the two cannot drift), and compose.yaml's services, roles, start order and shared environment.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/**
 * The packages the files of src/ that `scanned` keeps import at run time, each with the first file importing it:
 * value imports and dynamic imports; `import type` is erased by the build.
 */
function runtimeImports(scanned: (file: string) => boolean): Map<string, string> {
  const files = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && scanned(f),
  );
  const imported = new Map<string, string>();
  for (const file of files) {
    const text = read(join('src', file));
    for (const m of text.matchAll(
      /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\bfrom\s+)?['"]([^'".][^'"]*)['"]|import\(\s*['"]([^'".][^'"]*)['"]\s*\)/gm,
    )) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('node:') || builtinModules.includes(spec)) continue;
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      if (!imported.has(name)) imported.set(name, file);
    }
  }
  return imported;
}

interface Instruction {
  op: string;
  args: string;
}

/** Dockerfile instructions per stage (continuation lines joined, comments dropped). */
function stages(text: string): Array<{ name: string; from: string; instructions: Instruction[] }> {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const out: Array<{ name: string; from: string; instructions: Instruction[] }> = [];
  for (const line of lines) {
    const [, op = '', args = ''] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    if (op.toUpperCase() === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args)!;
      out.push({ from: m[1]!, name: m[2] ?? String(out.length), instructions: [] });
    } else {
      out.at(-1)!.instructions.push({ op: op.toUpperCase(), args });
    }
  }
  return out;
}

/**
 * `npm start` = `<steps> && exec <node command>`: its build step (the one running scripts/build.mjs; other steps
 * may come before it) and the command it ends with, as argv.
 */
function startScript() {
  const steps = pkg.scripts.start!.split('&&').map((s) => s.trim());
  const build = steps.find((step) => step.includes('scripts/build.mjs')) ?? '';
  return {
    build,
    argv: steps
      .at(-1)!
      .replace(/^exec\s+/, '')
      .split(/\s+/),
  };
}

describe('Dockerfile', () => {
  const all = stages(read('Dockerfile'));
  const build = all[0]!;
  const runtime = all.at(-1)!;
  const of = (stage: typeof build, op: string) => stage.instructions.filter((i) => i.op === op);

  it('builds in one stage (npm ci, then the build step of npm start) and runs in another', () => {
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(of(build, 'RUN').some((i) => /\bnpm ci\b/.test(i.args) && !i.args.includes('--omit=dev'))).toBe(true);
    expect(startScript().build).toBe('node scripts/build.mjs');
    expect(of(build, 'RUN').some((i) => i.args.includes(startScript().build))).toBe(true);
    expect(runtime.from).toBe(build.from);
  });

  it('the runtime stage has production dependencies only, the built program from the build stage, and no tsx', () => {
    const runs = of(runtime, 'RUN').map((i) => i.args);
    expect(runs.some((r) => /\bnpm ci\b.*--omit=dev/.test(r))).toBe(true);
    expect(runs.some((r) => /\bnpm (ci|install)\b/.test(r) && !r.includes('--omit=dev'))).toBe(false);
    expect(
      of(runtime, 'COPY').some((i) => i.args.includes(`--from=${build.name}`) && i.args.includes('/app/dist')),
    ).toBe(true);
    expect(runtime.instructions.map((i) => i.args).join('\n')).not.toMatch(/\btsx\b/);
  });

  it('runs as a non-root user', () => {
    const users = of(runtime, 'USER').map((i) => i.args.split(':')[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
    // The USER comes before the command is set, and nothing after it switches back.
    const ops = runtime.instructions.map((i) => i.op);
    expect(ops.lastIndexOf('USER')).toBeLessThan(ops.indexOf('ENTRYPOINT'));
  });

  it('checks its health at GET /healthz', () => {
    const checks = of(runtime, 'HEALTHCHECK');
    expect(checks).toHaveLength(1);
    expect(checks[0]!.args).toMatch(/--interval=\S+/);
    expect(checks[0]!.args).toContain('/healthz');
  });

  it('ENTRYPOINT + CMD is exactly the node command npm start runs after its build step', () => {
    const json = (op: string) => JSON.parse(of(runtime, op).at(-1)!.args) as string[];
    expect([...json('ENTRYPOINT'), ...json('CMD')]).toEqual(startScript().argv);
    expect(startScript().argv[0]).toBe('node');
  });

  it('the start path needs no devDependency: every package src/ imports at run time is a dependency', () => {
    const missing = [...runtimeImports((f) => !f.startsWith('generated'))]
      .filter(([name]) => !pkg.dependencies[name])
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('every dependency is imported at run time (src/, the generated Prisma client); build and test tools are dev', () => {
    const imported = runtimeImports(() => true);
    expect(imported.has('@prisma/client')).toBe(true);
    expect(Object.keys(pkg.dependencies).filter((name) => !imported.has(name))).toEqual([]);
    for (const tool of ['tsx', 'esbuild', 'prisma', 'preact', 'vitest'])
      expect(pkg.dependencies[tool], tool).toBeUndefined();
  });

  it('the runtime stage installs without install scripts (the Prisma client comes in dist/) or optional peers', () => {
    const installs = of(runtime, 'RUN').filter((i) => /\bnpm ci\b/.test(i.args));
    expect(installs.length).toBeGreaterThan(0);
    for (const i of installs) {
      expect(i.args).toMatch(/--ignore-scripts\b/);
      expect(i.args).toMatch(/--omit=optional\b/);
    }
  });

  it('.dockerignore keeps the host node_modules, dist and .git out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['node_modules', 'dist', '.git', 'src/generated']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  interface Service {
    image?: string;
    build?: unknown;
    command?: string[];
    environment?: Record<string, string>;
    volumes?: string[];
    depends_on?: Record<string, { condition: string }>;
    restart?: string;
    stop_grace_period?: string;
    healthcheck?: { test?: string[]; disable?: boolean };
  }
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  const app = Object.entries(services).filter(([, s]) => s.image === services.migrate?.image);
  const role = (s: Service) =>
    s.command?.[0] === 'serve' ? (s.command[s.command.indexOf('--role') + 1] ?? 'all') : null;
  const withRole = (r: string) => app.filter(([, s]) => role(s) === r);

  it('has PostgreSQL, Redis, a one-shot migrate, two api processes and one worker, all on one image', () => {
    expect(services.postgres?.healthcheck?.test).toBeDefined();
    expect(services.redis?.healthcheck?.test).toBeDefined();
    expect(services.migrate?.command).toEqual(['migrate']);
    expect(services.migrate?.restart).toBe('no');
    expect(services.migrate?.build).toBeDefined();
    expect(withRole('api')).toHaveLength(2);
    expect(withRole('worker')).toHaveLength(1);
    expect(app).toHaveLength(4);
  });

  it('every process starts only after migrate has completed successfully (and the databases are healthy)', () => {
    expect(services.migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const [name, s] of [...withRole('api'), ...withRole('worker')]) {
      expect(s.depends_on?.migrate?.condition, name).toBe('service_completed_successfully');
      expect(s.depends_on?.redis?.condition, name).toBe('service_healthy');
    }
  });

  it('the processes share MASTER_KEY, DATABASE_URL, REDIS_URL and the official data directory, mounted read-only', () => {
    const [first, ...rest] = app.map(([, s]) => s);
    for (const key of ['MASTER_KEY', 'DATABASE_URL', 'REDIS_URL', 'FISCAL_DATA_DIR', 'DATA_DIR']) {
      expect(first!.environment?.[key], key).toBeTruthy();
      for (const s of rest) expect(s.environment?.[key], key).toBe(first!.environment?.[key]);
    }
    expect(first!.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(first!.environment?.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
    for (const [name, s] of app) {
      // source:target[:mode], the source possibly a ${VAR:-default}: read from the end.
      const mount = s.volumes?.find((v) => v.replace(/:ro$/, '').endsWith(`:${s.environment?.FISCAL_DATA_DIR}`));
      expect(mount, name).toBeDefined();
      expect(mount!.endsWith(':ro'), name).toBe(true);
    }
  });

  it('stops within the grace period, and metrics are never open without a token or a private port', () => {
    for (const [name, s] of app) {
      expect(Number.parseInt(s.stop_grace_period ?? '10s', 10), name).toBeGreaterThan(
        Number(s.environment?.SHUTDOWN_GRACE_SECONDS ?? 25),
      );
    }
    for (const [name, s] of withRole('api')) expect(s.environment?.METRICS_TOKEN, name).toBeTruthy();
    const [, worker] = withRole('worker')[0]!;
    expect(worker.environment?.METRICS_PORT).toBeTruthy();
    // A worker has no /healthz: its health check reads its metrics port.
    expect(worker.healthcheck?.test?.join(' ')).toContain(`:${worker.environment?.METRICS_PORT}/metrics`);
  });
});
