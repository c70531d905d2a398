// Summary of a V8 .cpuprofile (node --cpu-prof), as docs/benchmarks.md reads the server side of bench:nfse-issue:
// busy CPU per second of the run (to find the measured phases), then, within a time window, the busy time per
// component (the innermost frame that belongs to a package or to src/ names it; node's own stream and socket
// frames count for the component that called them) and the functions with the most self time.
// Usage: npx tsx bench/profile-summary.ts <file.cpuprofile>                       (busy ms per second)
//        npx tsx bench/profile-summary.ts <file.cpuprofile> --from 14 --to 34 [--per 1159]   (window; --per n
//        divides by the notes of that window)
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const COMPONENTS: Array<[string, RegExp]> = [
  ['RSA sign/verify', /node:internal\/crypto\/sig/],
  ['zlib', /node:zlib/],
  ['XSD (libxml2 wasm)', /^wasm:\/\/|libxml2-wasm/],
  ['redis (ioredis)', /\/(ioredis|redis-parser)\//],
  ['pg driver', /\/(pg|pg-protocol|pg-pool|pg-types)\//],
  ['prisma', /@prisma\//],
  ['openapi-backend', /\/(openapi-backend|lodash|ajv)\//],
  ['graphql execution', /\/(graphql|@pothos|graphql-yoga|@envelop|@graphql-[^/]+)\//],
  ['valibot', /\/valibot\//],
  ['http client (undici)', /\/undici\//],
  ['fastify', /\/(fastify|find-my-way|@fastify\/[^/]+)\//],
  ['src/simulator', /\/src\/simulator\//],
  ['src/engine/xml', /\/src\/engine\/xml\//],
  ['src/engine', /\/src\/engine\//],
  ['src/graph', /\/src\/graph\//],
  ['src/rest', /\/src\/rest\//],
  ['src/http', /\/src\/http\//],
];

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [--from s --to s --per n]');
const flag = (name: string) => (rest.includes(`--${name}`) ? Number(rest[rest.indexOf(`--${name}`) + 1]) : undefined);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);

// Sample i lasts until sample i + 1 (timeDeltas are the gaps before each sample, in µs).
const samples = profile.samples.map((id, i) => ({ id, ms: (profile.timeDeltas[i + 1] ?? 0) / 1000 }));
let clock = 0;
const at = profile.timeDeltas.map((d) => (clock += d) / 1e6);
const idle = (id: number) => nodes.get(id)!.callFrame.functionName === '(idle)';

const from = flag('from');
const to = flag('to');
if (from === undefined || to === undefined) {
  const perSecond: number[] = [];
  samples.forEach((s, i) => {
    if (!idle(s.id)) perSecond[Math.floor(at[i]!)] = (perSecond[Math.floor(at[i]!)] ?? 0) + s.ms;
  });
  console.log(Array.from(perSecond, (ms, second) => `${second}s:${Math.round(ms ?? 0)}`).join(' '));
  process.exit(0);
}

const per = flag('per');
const components = new Map<string, number>();
const selfTime = new Map<string, number>();
let busy = 0;
samples.forEach((s, i) => {
  if (at[i]! < from || at[i]! > to || idle(s.id)) return;
  busy += s.ms;
  const leaf = nodes.get(s.id)!.callFrame;
  const self = `${leaf.functionName || '(anonymous)'} ${leaf.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench)\//, '$1/')}`;
  selfTime.set(self, (selfTime.get(self) ?? 0) + s.ms);
  let component = leaf.functionName === '(garbage collector)' ? 'GC' : undefined;
  for (let id: number | undefined = s.id; !component && id !== undefined; id = parents.get(id)) {
    const url = nodes.get(id)!.callFrame.url;
    if (!url || (url.startsWith('node:') && !/crypto\/sig|zlib/.test(url))) continue;
    component = COMPONENTS.find(([, pattern]) => pattern.test(url))?.[0] ?? 'other';
  }
  component ??= `other (${leaf.functionName})`;
  components.set(component, (components.get(component) ?? 0) + s.ms);
});

const line = (name: string, ms: number) =>
  `${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%${per ? ` ${(ms / per).toFixed(2).padStart(6)} ms each` : ''}  ${name}`;
console.log(
  `busy ${busy.toFixed(0)} ms in ${from}-${to} s${per ? `, ${(busy / per).toFixed(2)} ms each of ${per}` : ''}`,
);
console.log('-- by component');
for (const [name, ms] of [...components].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(line(name, ms));
console.log('-- by function (self time)');
for (const [name, ms] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(line(name, ms));
