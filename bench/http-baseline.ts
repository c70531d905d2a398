// Requests/s and p50/p99 latency of GET /v1/companies and GET /healthz at 64 concurrent connections, measured
// by wrk (a separate process, so the load generator does not share the event loop with the server).
// Embedded by default; on PostgreSQL (+ Redis) when DATABASE_URL (and REDIS_URL) are set.
// Usage: npm run bench:http-baseline [-- --seconds 10]
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp } from '../test/support/test-app.js';
import { seedAccount } from '../test/support/seed.js';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 10;
if (spawnSync('wrk', ['--version']).error) {
  console.error('wrk is required (Debian package "wrk"): apt-get install -y wrk');
  process.exit(2);
}

const t = await startTestApp();
const account = await seedAccount(t.app.engine, 'bench');
await account.company();
// 120 requests per minute per key: enough keys that the limit never answers instead of the route.
const keys = await Promise.all(Array.from({ length: 400 }, () => account.key('test')));
const dir = mkdtempSync(join(tmpdir(), 'bench-'));
const script = join(dir, 'keys.lua');
writeFileSync(
  script,
  `local keys = {${keys.map((k) => `"${k}"`).join(',')}}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", nil, { ["Authorization"] = "Bearer " .. keys[(i % #keys) + 1] })
end
`,
);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);

// Asynchronous: the server under test runs in this process's event loop.
async function run(path: string) {
  const { stdout: out } = await promisify(execFile)(
    'wrk',
    ['-t2', '-c64', `-d${seconds}s`, '--latency', '-s', script, t.url + path],
    { encoding: 'utf8' },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const toMs = (v: string, unit: string) =>
    Number(v) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit]!;
  const pct = (p: string) => {
    const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    return m ? toMs(m[1]!, m[2]!) : null;
  };
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { path, requestsPerSecond: rps, p50Ms: pct('50'), p99Ms: pct('99'), non2xx };
}

const results = [await run('/healthz'), await run('/v1/companies')];
clearInterval(sampler);
console.log(
  JSON.stringify({
    bench: 'http-baseline',
    database: t.app.database.kind,
    redis: Boolean(process.env.REDIS_URL),
    connections: 64,
    seconds,
    results,
    peakRssMb: Math.round(peakRss / 1048576),
  }),
);
await t.close();
process.exit(0);
