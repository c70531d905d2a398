// Checks the file naming rule of docs/nomes.md over src/ (src/generated and *.test.ts excluded). A file passes when
// one of these holds, tried in this order:
// - kebab-case: always required; file and folder names are lowercase words (letters, digits) joined by '-';
// - entry: main.ts that exports nothing is a program's entry point;
// - index: index.ts only re-exports (a barrel), or exports the name of its folder;
// - thing: the file exports its own name in camelCase, PascalCase or UPPER_SNAKE_CASE (find-nfse.ts -> findNfse);
// - schema: a module of src/graph/schema is named after the src/engine folder (or top-level engine module) it
//   exposes, as <folder>.ts or <folder>-<part>.ts (empresas.ts, nfse-input.ts);
// - concept: a family of peers with no main one is named after the concept they share: it exports at least two
//   functions, classes or camelCase values (or, having none, two UPPER_SNAKE_CASE constants), and one word of the
//   file name is a word of every one of them (signature.ts -> signatureV2, legacySignature); types are free.
// Words are split at camelCase humps and '_'; a plural 's' is ignored. Prints one JSON object; exits 1 on violations.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const src = join(root, 'src');

const RULES = {
  'kebab-case': 'file and folder names are lowercase words (letters, digits) joined by "-"',
  entry: 'main.ts exporting nothing is a program entry point',
  index: 'index.ts only re-exports, or exports the name of its folder',
  thing: 'the file exports its own name in camelCase, PascalCase or UPPER_SNAKE_CASE (find-nfse.ts -> findNfse)',
  schema: 'src/graph/schema/<m>.ts or <m>-<part>.ts, <m> a folder or top-level module of src/engine (empresas.ts)',
  concept:
    'at least two exported functions/classes/camelCase values (else two UPPER_SNAKE constants), every one carrying one same word of the file name (signature.ts -> signatureV2, legacySignature); types are free',
};

function walk(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (relative(src, path) !== 'generated') walk(path, out);
    } else if (/\.m?ts$/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Exported names with their kind: 'function', 'class', 'value' (const/let/var/enum) or 'type'. */
function exportsOf(text) {
  const found = [];
  const declared =
    /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(function\*?|const|let|var|(?:abstract\s+)?class|interface|type|enum)\s+([A-Za-z0-9_$]+)/gm;
  for (const [, keyword, name] of text.matchAll(declared)) {
    const kind =
      keyword === 'interface' || keyword === 'type'
        ? 'type'
        : keyword.includes('class')
          ? 'class'
          : keyword.startsWith('function')
            ? 'function'
            : 'value';
    found.push({ name, kind });
  }
  for (const [, typeOnly, list] of text.matchAll(/^export\s+(type\s+)?\{([^}]*)\}/gm)) {
    for (const part of list
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const name = part
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      found.push({ name, kind: typeOnly || part.startsWith('type ') ? 'type' : 'value' });
    }
  }
  return found;
}

const words = (identifier) =>
  identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_$]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
const sameWord = (a, b) => a === b || a === `${b}s` || b === `${a}s`;
const flat = (name) => name.replace(/[-_]/g, '').toLowerCase();

const engineModules = new Set(readdirSync(join(src, 'engine')).map((n) => n.replace(/\.ts$/, '')));

function judge(file) {
  const path = relative(src, file);
  const folders = dirname(path)
    .split('/')
    .filter((f) => f !== '.');
  const name = basename(file).replace(/\.m?ts$/, '');
  const text = withoutComments(readFileSync(file, 'utf8'));
  const exported = exportsOf(text);

  const badFolder = folders.find((f) => !kebab.test(f));
  if (badFolder) return { problem: `folder "${badFolder}" is not kebab-case` };
  if (!kebab.test(name))
    return {
      problem: 'file name is not kebab-case',
      expected: `${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.ts`,
    };

  if (name === 'main' && exported.length === 0) return { rule: 'entry' };
  if (name === 'index') {
    const rest = text.replace(/^\s*(?:import|export)\s[^;]*?from\s*['"][^'"]+['"];?/gm, '').trim();
    if (rest === '' && /^export\s/m.test(text)) return { rule: 'index' };
    const folder = folders.at(-1) ?? '';
    if (exported.some((e) => flat(e.name) === flat(folder))) return { rule: 'index' };
    return { problem: `index.ts neither only re-exports nor exports the folder's name (${folder})` };
  }
  if (exported.some((e) => flat(e.name) === flat(name))) return { rule: 'thing' };
  if (folders.join('/') === 'graph/schema' && [...engineModules].some((m) => name === m || name.startsWith(`${m}-`)))
    return { rule: 'schema' };

  const runtime = exported.filter(
    (e) => e.kind === 'function' || e.kind === 'class' || (e.kind === 'value' && /^[a-z]/.test(e.name)),
  );
  const constants = exported.filter((e) => e.kind === 'value' && /^[A-Z0-9_]+$/.test(e.name));
  const family = runtime.length > 0 ? runtime : constants;
  const shared = name.split('-').find((w) => family.every((e) => words(e.name).some((x) => sameWord(x, w))));
  if (family.length >= 2 && shared) return { rule: 'concept', shared };

  if (exported.length === 0) return { problem: 'exports nothing (only main.ts, a program entry point, may)' };
  const camel = name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
  return {
    problem:
      family.length >= 2
        ? `exports no ${camel}, and no word of "${name}" is carried by all of ${family.map((e) => e.name).join(', ')}`
        : `exports no ${camel} (nor ${camel[0].toUpperCase()}${camel.slice(1)}, ${name.replace(/-/g, '_').toUpperCase()})`,
  };
}

const violations = [];
const passed = {};
const files = walk(src);
for (const file of files) {
  const verdict = judge(file);
  if (verdict.rule) passed[verdict.rule] = (passed[verdict.rule] ?? 0) + 1;
  else
    violations.push({
      file: relative(root, file),
      problem: verdict.problem,
      ...(verdict.expected ? { expected: verdict.expected } : {}),
      exports: exportsOf(withoutComments(readFileSync(file, 'utf8'))).map((e) => e.name),
    });
}

const ok = violations.length === 0;
console.log(JSON.stringify({ ok, checked: files.length, passed, rules: RULES, violations }, null, 2));
process.exit(ok ? 0 : 1);
