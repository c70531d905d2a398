// Checks the layer rules from the import statements of src/:
// - no file under src/engine imports src/graph, src/rest, src/http, src/cli, src/worker, src/simulator, src/metrics
//   or the composition root;
// - the engine's domain folders (src/engine/<folder>) import each other without cycles;
// - src/graph does not import src/rest;
// - the job queue (src/engine/fila) imports no authority (src/engine/autoridades, or transmission-deps.ts that
//   gathers their gateways), so claiming, leasing and retrying stay the same whatever a job calls;
// - the authorities' gateways (src/engine/autoridades) import no domain folder, only the shared building blocks;
// Prints one JSON object; exits 1 when a rule is broken.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const src = join(root, 'src');

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|mts|js|mjs)$/.test(name) && !name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const specifier =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(specifier)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec.startsWith('.')) continue;
    found.push(relative(src, resolve(dirname(file), spec.replace(/\.js$/, '.ts'))));
  }
  return found;
}

const top = (path) => path.split('/')[0];
const engineFolder = (path) => {
  const parts = path.split('/');
  return parts[0] === 'engine' && parts.length > 2 ? parts[1] : null;
};

const BUILDING_BLOCKS = new Set(['nucleo', 'cripto', 'xml', 'certificados', 'tabelas', 'autoridades']);
const isAuthority = (path) => path.startsWith('engine/autoridades/') || path === 'engine/transmission-deps.ts';
const forbiddenFromEngine = new Set([
  'graph',
  'rest',
  'http',
  'cli',
  'worker',
  'simulator',
  'metrics',
  'create-app.ts',
]);
const broken = [];
const folderEdges = new Map();

for (const file of walk(src)) {
  const from = relative(src, file);
  for (const to of importsOf(file)) {
    if (top(from) === 'engine' && forbiddenFromEngine.has(top(to))) broken.push(`${from} -> ${to}`);
    if (top(from) === 'graph' && top(to) === 'rest') broken.push(`${from} -> ${to}`);
    if (from.startsWith('engine/fila/') && isAuthority(to)) broken.push(`${from} -> ${to}`);
    if (from.startsWith('engine/autoridades/') && engineFolder(to) && !BUILDING_BLOCKS.has(engineFolder(to)))
      broken.push(`${from} -> ${to}`);
    const a = engineFolder(from);
    const b = engineFolder(to);
    if (a && b && a !== b) {
      if (!folderEdges.has(a)) folderEdges.set(a, new Map());
      const targets = folderEdges.get(a);
      if (!targets.has(b)) targets.set(b, `${from} -> ${to}`);
    }
  }
}

// Tarjan's strongly connected components over the engine's folders.
const cycles = [];
{
  let index = 0;
  const stack = [];
  const state = new Map();
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of folderEdges.get(node)?.keys() ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) {
        const edges = [];
        for (const a of component) {
          for (const [b, example] of folderEdges.get(a) ?? []) if (component.includes(b)) edges.push(example);
        }
        cycles.push({ folders: component.sort(), edges });
      }
    }
  };
  for (const node of folderEdges.keys()) if (!state.has(node)) visit(node);
}

const ok = broken.length === 0 && cycles.length === 0;
console.log(JSON.stringify({ ok, forbiddenImports: broken, engineFolderCycles: cycles }, null, 2));
process.exit(ok ? 0 : 1);
