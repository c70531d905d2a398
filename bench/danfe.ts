// Renders the DANFE of each procNFe sample (and a 60-item note over two sheets) in a loop and reports CPU per
// DANFE (process.cpuUsage, robust to a loaded machine) with the load average beside it.
// Usage: npx tsx bench/danfe.ts [renders per sample]. Prints human lines, then one JSON line with the figures.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { renderDanfe } from '../src/engine/nfe/render-danfe.js';
import { fiscalDataDir, resolveFiscalDataDir, useFiscalDataDir } from '../src/engine/tabelas/fiscal-data-dir.js';

const renders = Number(process.argv[2] ?? 50);
useFiscalDataDir(resolveFiscalDataDir(process.env.FISCAL_DATA_DIR));
const sample = (name: string) => readFileSync(join(fiscalDataDir(), 'nfe/samples', name), 'utf8');
const rs = sample('procNFe_homologacao_RS_sped-nfe.xml');
const det = /<det nItem="1">[\s\S]*?<\/det>/.exec(rs)![0];
const cases: Record<string, string> = {
  rs_1_item: rs,
  pr_1_item: sample('procNFe_homologacao_PR_nfelib.xml'),
  ibscbs_1_item: sample('procNFe_reforma_tributaria_IBSCBS_nfelib.xml'),
  rs_60_itens: rs.replace(
    det,
    Array.from({ length: 60 }, (_, i) => det.replace('nItem="1"', `nItem="${i + 1}"`)).join(''),
  ),
};

const figures: Record<string, { cpu_ms_por_danfe: number; bytes: number }> = {};
for (const [name, xml] of Object.entries(cases)) {
  for (let i = 0; i < 5; i++) await renderDanfe(xml); // warm-up (JIT, fonts)
  const before = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < renders; i++) bytes = (await renderDanfe(xml)).length;
  const used = process.cpuUsage(before);
  figures[name] = { cpu_ms_por_danfe: Number(((used.user + used.system) / 1000 / renders).toFixed(2)), bytes };
  console.log(`${name}: ${figures[name].cpu_ms_por_danfe} ms CPU per DANFE, ${bytes} bytes`);
}
console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(JSON.stringify({ renders, figures, loadavg: loadavg() }));
