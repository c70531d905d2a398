/**
 * NFS-e coverage from the data directory's provider table and the issuing systems' `serves`: per route, the
 * municipalities and their population (IBGE 2024) that issue through a system this service reaches, and those
 * refused (readiness `provedor_municipio`). The route is decided as for a company without `rota_nfse`, with the
 * municipal parameters known offline (the acts of resources/tables/municipios-parametros.csv and the official
 * adhesion list), on today's date. Prints one JSON object; `--markdown` prints the table of docs/provedores-nfse.md
 * instead, and `--write` replaces that table in the document.
 *
 *   npm run provedores:cobertura [-- --markdown | --write]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { todosMunicipios } from '../src/engine/tabelas/municipio.js';
import { parametrosMunicipio } from '../src/engine/tabelas/parametros-municipio.js';
import { provedorMunicipio, type RotaNfse } from '../src/engine/tabelas/provedor-municipio.js';
import { decideRotaNfse } from '../src/engine/nfse/provedores/decide-rota-nfse.js';
import { sistemaOf } from '../src/engine/nfse/provedores/sistemas-proprios.js';
import { servicoLayoutNacional } from '../src/engine/nfse/layout-nacional/servico-layout-nacional.js';
import { contratoProprioLayoutNacional } from '../src/engine/nfse/layout-nacional/perfis-layout-nacional.js';
import { perfilFamiliaAbrasf, servicoDaFamilia } from '../src/engine/nfse/abrasf/perfis-abrasf.js';

const ROTAS: readonly RotaNfse[] = ['nacional', 'sao_paulo', 'abrasf', 'provedor_layout_nacional', 'desconhecido'];
const DOC = fileURLToPath(new URL('../docs/provedores-nfse.md', import.meta.url));
const INICIO = '<!-- cobertura:inicio (npm run provedores:cobertura -- --write) -->';
const FIM = '<!-- cobertura:fim -->';

interface Conta {
  municipios: number;
  populacao: number;
}
interface LinhaRota {
  rota: RotaNfse;
  emitindo: Conta;
  recusados: Conta;
  /** The families (or providers) served on the route, with their municipalities. */
  familiasEmitindo: Record<string, number>;
  /** Why the refused ones are (the reasons of readiness `provedor_municipio`), with their municipalities. */
  motivosRecusa: Record<string, number>;
}

/** The reason readiness gives a refused municipality, in a word. */
function motivoRecusa(d: ReturnType<typeof decideRotaNfse>): string {
  if (d.rota === 'desconhecido' && d.origem !== 'tabela') return 'act names an own system the table lacks';
  if (d.rota === 'desconhecido') return d.provedor.nome ? 'own layout' : 'no provider known';
  if (d.rota === 'provedor_layout_nacional' && contratoProprioLayoutNacional(d.provedor.nome))
    return "the provider's own contract, not implemented";
  if (d.rota === 'provedor_layout_nacional' && servicoLayoutNacional(d.provedor))
    return "no URL of the profile's service in the table";
  const familia = d.rota === 'abrasf' ? perfilFamiliaAbrasf(d.provedor) : null;
  if (familia && !servicoDaFamilia(familia, d.provedor)) return "the table's URL is another version's service";
  return 'family not implemented';
}

const zero = (): Conta => ({ municipios: 0, populacao: 0 });
const soma = (c: Conta, populacao: number) => {
  c.municipios += 1;
  c.populacao += populacao;
};

function cobertura(dia: string) {
  const linhas = new Map<RotaNfse, LinhaRota>(
    ROTAS.map((rota) => [rota, { rota, emitindo: zero(), recusados: zero(), familiasEmitindo: {}, motivosRecusa: {} }]),
  );
  const foraDoNacional = { emitindo: zero(), recusados: zero() };
  // The municipalities absent from the national emitter's adhesion list, whatever route they take now: the ones
  // going straight to the national system count as issuing, as do those an own system serves.
  const foraDaLista = { emitindo: zero(), recusados: zero() };
  for (const m of todosMunicipios()) {
    const decisao = decideRotaNfse({ ibge: m.codigo, adesao: parametrosMunicipio(m.codigo), rotaEmpresa: null, dia });
    const populacao = provedorMunicipio(m.codigo)?.populacao ?? 0;
    const linha = linhas.get(decisao.rota)!;
    const sistema = sistemaOf(decisao);
    if (sistema) {
      soma(linha.emitindo, populacao);
      const familia = decisao.rota === 'nacional' ? 'sistema nacional' : (decisao.provedor.familia ?? sistema.sistema);
      linha.familiasEmitindo[familia] = (linha.familiasEmitindo[familia] ?? 0) + 1;
    } else {
      soma(linha.recusados, populacao);
      const motivo = motivoRecusa(decisao);
      linha.motivosRecusa[motivo] = (linha.motivosRecusa[motivo] ?? 0) + 1;
    }
    if (decisao.rota !== 'nacional') soma(sistema ? foraDoNacional.emitindo : foraDoNacional.recusados, populacao);
    if (provedorMunicipio(m.codigo)?.emissorNacional === false) {
      soma(sistema ? foraDaLista.emitindo : foraDaLista.recusados, populacao);
    }
  }
  const rotas = [...linhas.values()];
  const total = (k: 'emitindo' | 'recusados') =>
    rotas.reduce(
      (acc, l) => ({ municipios: acc.municipios + l[k].municipios, populacao: acc.populacao + l[k].populacao }),
      zero(),
    );
  const pct = (c: { emitindo: Conta; recusados: Conta }) => {
    const todos = c.emitindo.populacao + c.recusados.populacao;
    return todos ? Math.round((1000 * c.emitindo.populacao) / todos) / 10 : 0;
  };
  return {
    dia,
    rotas,
    total: { emitindo: total('emitindo'), recusados: total('recusados') },
    foraDoNacional: { ...foraDoNacional, populacaoCobertaPct: pct(foraDoNacional) },
    foraDaListaNacional: { ...foraDaLista, populacaoCobertaPct: pct(foraDaLista) },
  };
}

const milhoes = (n: number) => `${(n / 1e6).toFixed(1).replace('.', ',')} mi`;

function markdown(c: ReturnType<typeof cobertura>): string {
  const linhas = c.rotas.map((l) => {
    const familias = Object.entries(l.familiasEmitindo)
      .sort((a, b) => b[1] - a[1])
      .map(([f, n]) => (l.rota === 'nacional' ? '' : `${f} ${n}`))
      .filter(Boolean)
      .join(', ');
    const motivos = Object.entries(l.motivosRecusa)
      .sort((a, b) => b[1] - a[1])
      .map(([m, n]) => `${m} ${n}`)
      .join(', ');
    return `| \`${l.rota}\` | ${l.emitindo.municipios} | ${milhoes(l.emitindo.populacao)} | ${l.recusados.municipios} | ${milhoes(l.recusados.populacao)} | ${familias || '—'} | ${motivos || '—'} |`;
  });
  return [
    INICIO,
    `Coverage on ${c.dia}, computed by \`npm run provedores:cobertura\` from the provider table of the data directory and`,
    "each own system's `serves` (a company without `rota_nfse`; municipal acts and the official adhesion list known offline).",
    '',
    '| Route | Issuing: municipalities | Issuing: population | Refused: municipalities | Refused: population | Families issuing (municipalities) | Refused because (municipalities) |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- |',
    ...linhas,
    `| **total** | ${c.total.emitindo.municipios} | ${milhoes(c.total.emitindo.populacao)} | ${c.total.recusados.municipios} | ${milhoes(c.total.recusados.populacao)} | | |`,
    '',
    `Outside the national system: ${c.foraDoNacional.emitindo.municipios} municipalities issuing (${milhoes(c.foraDoNacional.emitindo.populacao)}, ` +
      `${String(c.foraDoNacional.populacaoCobertaPct).replace('.', ',')} % of that population), ${c.foraDoNacional.recusados.municipios} refused ` +
      `(${milhoes(c.foraDoNacional.recusados.populacao)}).`,
    `Absent from the national emitter's adhesion list: ${c.foraDaListaNacional.emitindo.municipios} municipalities issuing ` +
      `(${milhoes(c.foraDaListaNacional.emitindo.populacao)}, ${String(c.foraDaListaNacional.populacaoCobertaPct).replace('.', ',')} % ` +
      `of their population, those going straight to the national system included), ${c.foraDaListaNacional.recusados.municipios} refused.`,
    FIM,
  ].join('\n');
}

const dia = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
const resultado = cobertura(dia);
if (process.argv.includes('--write')) {
  const doc = readFileSync(DOC, 'utf8');
  const a = doc.indexOf(INICIO);
  const b = doc.indexOf(FIM);
  if (a < 0 || b < a) throw new Error(`${DOC}: marcadores da tabela de cobertura ausentes`);
  writeFileSync(DOC, `${doc.slice(0, a)}${markdown(resultado)}${doc.slice(b + FIM.length)}`);
  process.stdout.write(`${JSON.stringify({ escrito: 'docs/provedores-nfse.md' })}\n`);
} else if (process.argv.includes('--markdown')) {
  process.stdout.write(`${markdown(resultado)}\n`);
} else {
  process.stdout.write(`${JSON.stringify(resultado)}\n`);
}
