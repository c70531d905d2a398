/**
 * Writes the official datasets that need a local change into the ignored .data/ folder: the NFS-e XSD package
 * 1.01 of the data directory (FISCAL_DATA_DIR, default ../shared) with the patterns below replaced. Runs after
 * `npm ci` (postinstall), before `npm start` and before the tests (vitest globalSetup); run it by hand
 * (`npm run data:prepare`) after pointing FISCAL_DATA_DIR elsewhere. Prints nothing when all went well.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fiscalDataPath, fiscalDataProblems, preparedDataPath, resolveFiscalDataDir, useFiscalDataDir } from '../src/engine/tabelas/fiscal-data-dir.js';

interface Patch {
  file: string;
  simpleType: string;
  official: string;
  local: string;
}

const PATCHES: Patch[] = [
  // XSD patterns are anchored implicitly and libxml2 reads ^ and $ as literal characters, so the official
  // pattern refuses every série. The copy in ../shared already carries this change (made by the repository it
  // was taken from, see its xsd/SOURCES.txt); a copy of the official zip still has the anchors.
  { file: 'tiposSimples_v1.01.xsd', simpleType: 'TSSerieDPS', official: '<xs:pattern value="^0{0,4}\\d{1,5}$"/>', local: '<xs:pattern value="0{0,4}\\d{1,5}"/>' },
  // Alphanumeric CNPJ (IN RFB 2.229/2024), accepted by the national system since 10/08/2026: as in the
  // produção restrita package 20260727, only TSCNPJ changes, so a recipient (toma/CNPJ) may be alphanumeric while
  // the Id, access-key and other patterns stay numeric (an alphanumeric issuer is still refused by them).
  { file: 'tiposSimples_v1.01.xsd', simpleType: 'TSCNPJ', official: '<xs:pattern value="[0-9]{14}"/>', local: '<xs:pattern value="[0-9A-Z]{14}"/>' },
];

/** Replaces `official` by `local` inside one simpleType; an already replaced text is kept, anything else stops. */
function applyPatch(text: string, patch: Patch): string {
  const start = text.indexOf(`<xs:simpleType name="${patch.simpleType}">`);
  const end = start < 0 ? -1 : text.indexOf('</xs:simpleType>', start);
  if (end < 0) throw new Error(`${patch.file}: simpleType ${patch.simpleType} não encontrado`);
  const block = text.slice(start, end);
  const count = (needle: string) => block.split(needle).length - 1;
  if (count(patch.official) === 1) return text.slice(0, start) + block.replace(patch.official, patch.local) + text.slice(end);
  if (count(patch.official) === 0 && count(patch.local) === 1) return text;
  throw new Error(
    `${patch.file}: o simpleType ${patch.simpleType} não traz exatamente uma vez o texto oficial ${patch.official} ` +
      `(nem o já ajustado ${patch.local}); o pacote mudou: revise o ajuste em scripts/prepare-data.ts`,
  );
}

/** Writes only what changed, through a rename, so a process reading the folder never sees half a file. */
function writeIfChanged(path: string, bytes: Buffer): void {
  try {
    if (readFileSync(path).equals(bytes)) return;
  } catch {
    // not written yet
  }
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}

const dataDir = resolveFiscalDataDir(process.env.FISCAL_DATA_DIR);
const problems = fiscalDataProblems(dataDir);
if (problems.length) {
  process.stderr.write(`dados oficiais indisponíveis:\n- ${problems.join('\n- ')}\n`);
  // After `npm ci` (--if-available) the data may not be mounted yet (an image build): the start checks it again.
  process.exit(process.argv.includes('--if-available') ? 0 : 1);
}
useFiscalDataDir(dataDir);

try {
  const source = fiscalDataPath('xsdNfse');
  const target = preparedDataPath('xsdNfse');
  const files = readdirSync(source).filter((f) => f.endsWith('.xsd'));
  const missing = PATCHES.filter((p) => !files.includes(p.file)).map((p) => p.file);
  if (missing.length) throw new Error(`${source}: falta ${missing.join(', ')}`);
  mkdirSync(target, { recursive: true });
  for (const file of files) {
    // latin1 maps every byte to one character and back, so the BOMs and CRLF of the official files survive.
    let text = readFileSync(join(source, file)).toString('latin1');
    for (const patch of PATCHES.filter((p) => p.file === file)) text = applyPatch(text, patch);
    writeIfChanged(join(target, file), Buffer.from(text, 'latin1'));
  }
} catch (err) {
  process.stderr.write(`data:prepare: ${(err as Error).message}\n`);
  process.exit(1);
}
