// Checks the naming rule of docs/nomes.md over src/ (src/generated excluded). Prints one JSON object; exits 1 on
// violations. Four checks:
//
// files — every file (*.test.ts excluded) passes one of these, tried in this order:
// - kebab-case: always required; file and folder names are lowercase words (letters, digits) joined by '-';
// - entry: main.ts that exports nothing is a program's entry point;
// - index: index.ts only re-exports (a barrel), or exports the name of its folder;
// - thing: the file exports its own name in camelCase, PascalCase or UPPER_SNAKE_CASE (find-nfse.ts -> findNfse);
// - schema: a module of src/graph/schema is named after the src/engine folder (or top-level engine module) it
//   exposes, as <folder>.ts or <folder>-<part>.ts (empresas.ts, nfse-input.ts);
// - concept: a family of peers with no main one is named after the concept they share: it exports at least two
//   functions, classes or camelCase values (or, having none, two UPPER_SNAKE_CASE constants), and one word of the
//   file name is a word of every one of them (signature.ts -> signatureV2, legacySignature); types are free.
//   Words are split at camelCase humps and '_'; a plural 's' is ignored.
// folders — the folders of src/engine (at every depth) are exactly those of the table under ENGINE_FOLDERS_HEADING in
//   docs/nomes.md: a folder missing from it, or listed and absent, is a violation.
// verbs — no exported function or function-valued constant (initialised with an arrow function or a function
//   expression, or exported by name from such a declaration) begins with a Portuguese verb of PORTUGUESE_VERBS
//   followed by an uppercase letter, a digit, '_' or the end. A wire name passes: `<op>Message` in a file that
//   writes the authority's request element `<OpEnvio` (ABRASF's GerarNfseEnvio -> gerarNfseMessage).
// batch — 'batch' (batches, batched) is a word of no file name (tests included) and of no identifier declared in
//   src/: a lote is `lote` in code, and no other group is called a batch. Declared means named where it is
//   introduced (variable, parameter, function, class, interface, type, enum and member, property or method of a
//   class, interface, type literal or object literal, import alias); a name only used (a library's member) is not
//   judged.
import ts from 'typescript';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const src = join(root, 'src');

const ENGINE_FOLDERS_HEADING = '### The folders of src/engine';

const RULES = {
  folders: `every folder of src/engine is in the table under "${ENGINE_FOLDERS_HEADING}" of docs/nomes.md, and every folder there exists`,
  verbs:
    'no exported function begins with a Portuguese verb (PORTUGUESE_VERBS); a wire name <op>Message builds <OpEnvio',
  batch:
    'batch (batches, batched) is a word of no file name and no declared identifier: a lote is `lote`, other groups have their own word',
  'kebab-case': 'file and folder names are lowercase words (letters, digits) joined by "-"',
  entry: 'main.ts exporting nothing is a program entry point',
  index: 'index.ts only re-exports, or exports the name of its folder',
  thing: 'the file exports its own name in camelCase, PascalCase or UPPER_SNAKE_CASE (find-nfse.ts -> findNfse)',
  schema: 'src/graph/schema/<m>.ts or <m>-<part>.ts, <m> a folder or top-level module of src/engine (empresas.ts)',
  concept:
    'at least two exported functions/classes/camelCase values (else two UPPER_SNAKE constants), every one carrying one same word of the file name (signature.ts -> signatureV2, legacySignature); types are free',
};

/** The .ts files of `dir` (src/generated and *.d.ts left out), with or without the tests. */
function walk(dir, withTests, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (relative(src, path) !== 'generated') walk(path, withTests, out);
    } else if (/\.m?ts$/.test(name) && !name.endsWith('.d.ts') && (withTests || !name.endsWith('.test.ts')))
      out.push(path);
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
const files = walk(src, false);
for (const file of files) {
  const verdict = judge(file);
  if (verdict.rule) passed[verdict.rule] = (passed[verdict.rule] ?? 0) + 1;
  else
    violations.push({
      check: 'files',
      file: relative(root, file),
      problem: verdict.problem,
      ...(verdict.expected ? { expected: verdict.expected } : {}),
      exports: exportsOf(withoutComments(readFileSync(file, 'utf8'))).map((e) => e.name),
    });
}

// ---- folders: docs/nomes.md lists every folder of src/engine ----

function engineFolders(dir = join(src, 'engine'), out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      out.push(relative(join(src, 'engine'), path));
      engineFolders(path, out);
    }
  }
  return out;
}

/** The first cell of each row of the table under the heading: `nfse/ajustes` -> nfse/ajustes. */
function listedFolders() {
  const lines = readFileSync(join(root, 'docs', 'nomes.md'), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.trim() === ENGINE_FOLDERS_HEADING);
  if (start < 0) return null;
  const listed = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#/.test(line)) break;
    const cell = /^\|\s*`([^`]+)`/.exec(line);
    if (cell) listed.push(cell[1].replace(/\/$/, ''));
  }
  return listed;
}

const present = engineFolders();
const listed = listedFolders();
if (listed === null)
  violations.push({ check: 'folders', file: 'docs/nomes.md', problem: `no heading "${ENGINE_FOLDERS_HEADING}"` });
else {
  for (const f of present.filter((f) => !listed.includes(f)))
    violations.push({ check: 'folders', file: `src/engine/${f}`, problem: 'folder not listed in docs/nomes.md' });
  for (const f of listed.filter((f) => !present.includes(f)))
    violations.push({
      check: 'folders',
      file: 'docs/nomes.md',
      problem: `lists src/engine/${f}, which does not exist`,
    });
  passed.folders = present.length;
}

// ---- verbs: exported functions begin with an English verb ----

// Infinitives, the form a Portuguese function name takes (calcularTotal, consultarNfse). Kept to verbs that are
// no English word, so every match is Portuguese; nouns and adjectives (regraTributaria, semTributacao) pass.
const PORTUGUESE_VERBS = `
  abrir aceitar acompanhar adicionar agendar agrupar aguardar ajustar alterar analisar anexar apagar aplicar
  apresentar apurar armazenar arredondar assinar atualizar autenticar autorizar avaliar avancar avisar baixar
  bloquear buscar calcular cancelar capturar carregar checar cifrar codificar comparar completar compor concluir
  conferir confirmar consultar contar converter convidar corrigir criar decifrar decodificar definir deletar
  descartar desfazer devolver distribuir dividir emitir encaminhar encontrar enviar escolher escrever esperar
  excluir executar exibir exportar extrair fechar filtrar finalizar formatar gerar gravar guardar importar
  incluir iniciar inserir interpretar inutilizar juntar lancar ler liberar limpar listar manifestar mapear
  montar mostrar notificar numerar obter ordenar parar pausar pedir pegar preencher preparar processar publicar
  rejeitar receber recusar reenviar registrar remover renovar reprocessar resolver responder retomar retornar
  revogar rodar rotacionar salvar selecionar separar solicitar somar substituir tentar terminar testar tratar
  transmitir tributar validar verificar`
  .trim()
  .split(/\s+/);
const verbPrefix = new RegExp(`^(${PORTUGUESE_VERBS.join('|')})(?=[A-Z0-9_]|$)`);

/** Exported functions and function-valued constants, with their line. */
function exportedFunctions(text) {
  const found = [];
  const fnValue =
    /^(?:export\s+)?const\s+([A-Za-z0-9_$]+)\s*(?::[^=\n]*)?=\s*(?:async\s+)?(?:function\b|<[^>\n]*>\s*\(|\(|[A-Za-z_$][\w$]*\s*=>)/;
  const locals = new Set();
  for (const line of text.split('\n')) {
    const f = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\*?\s+([A-Za-z0-9_$]+)/.exec(line);
    const c = fnValue.exec(line);
    const name = f?.[1] ?? c?.[1];
    if (!name) continue;
    if (/^export\s/.test(line)) found.push(name);
    else locals.add(name);
  }
  for (const e of exportsOf(text)) if (e.kind === 'value' && locals.has(e.name)) found.push(e.name);
  return found;
}

/** `<op>Message` building the authority's request element `<OpEnvio`: the operation's own (wire) name. */
const isWireMessage = (name, text) =>
  /Message$/.test(name) && text.includes(`<${name[0].toUpperCase()}${name.slice(1, -'Message'.length)}Envio`);

let functionsChecked = 0;
for (const file of files) {
  const text = withoutComments(readFileSync(file, 'utf8'));
  for (const name of exportedFunctions(text)) {
    functionsChecked++;
    const verb = verbPrefix.exec(name)?.[1];
    if (!verb) continue;
    if (isWireMessage(name, text)) passed['verbs (wire names)'] = (passed['verbs (wire names)'] ?? 0) + 1;
    else
      violations.push({
        check: 'verbs',
        file: relative(root, file),
        problem: `${name} begins with the Portuguese verb "${verb}": use an English verb (docs/nomes.md (c))`,
      });
  }
}
passed.verbs = functionsChecked;

// ---- batch: the word is a lote's, and in code a lote is `lote` ----

const hasBatch = (identifier) => words(identifier).some((w) => /^batch(es|ed)?$/.test(w));

/** The names `file` declares, with their lines (see the head of this file for what counts as declared). */
function declaredNames(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const names = [];
  const visit = (node) => {
    const name = node.name;
    const declares =
      ts.isVariableDeclaration(node) ||
      ts.isParameter(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isClassDeclaration(node) ||
      ts.isClassExpression(node) ||
      ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node) ||
      ts.isEnumDeclaration(node) ||
      ts.isEnumMember(node) ||
      ts.isPropertyDeclaration(node) ||
      ts.isPropertySignature(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isMethodSignature(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node) ||
      ts.isPropertyAssignment(node) ||
      ts.isShorthandPropertyAssignment(node) ||
      ts.isBindingElement(node) ||
      ts.isImportSpecifier(node) ||
      ts.isImportClause(node) ||
      ts.isNamespaceImport(node) ||
      ts.isTypeParameterDeclaration(node);
    if (declares && name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)))
      names.push({ name: name.text, line: source.getLineAndCharacterOfPosition(name.getStart(source)).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

const allFiles = walk(src, true);
for (const file of allFiles) {
  const path = relative(root, file);
  const fileName = basename(file).replace(/(\.test)?\.m?ts$/, '');
  if (fileName.split('-').some((w) => /^batch(es|ed)?$/.test(w)))
    violations.push({
      check: 'batch',
      file: path,
      problem: 'file name carries "batch": a lote is `lote`, other groups have their own word',
    });
  const seen = new Set();
  for (const { name, line } of declaredNames(file)) {
    if (!hasBatch(name) || seen.has(name)) continue;
    seen.add(name);
    violations.push({
      check: 'batch',
      file: `${path}:${line}`,
      problem: `${name} carries "batch": a lote is \`lote\` in code, and another group has a word of its own`,
    });
  }
}
passed.batch = allFiles.length;

const ok = violations.length === 0;
console.log(JSON.stringify({ ok, checked: files.length, passed, rules: RULES, violations }, null, 2));
process.exit(ok ? 0 : 1);
