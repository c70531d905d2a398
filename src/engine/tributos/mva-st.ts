import { Decimal } from 'decimal.js';
import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';
import { lazy, readCsvRecords } from '../tabelas/read-csv-records.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { FonteTabela } from './regra-tributaria.js';

export interface MvaSt extends FonteTabela {
  /** Percent, two decimals or as published. */
  mva: string;
  /** `original` inside the UF or a margin the UF applies whatever the origin; `ajustada` between UFs. */
  tipo: 'original' | 'ajustada';
  /** How the margin was reached, for the adjustment's motive. */
  como: string;
  /** The good's internal rate at the destination the table states (e.g. 27 % for spirits in TO), or null. */
  aliquotaInterna: string | null;
  /** The FCP-ST the table states (TO's FECOEP), or null. */
  fcpSt: string | null;
}

/** What the margin of one item depends on. */
export interface ConsultaMva {
  /** CEST, 7 digits. */
  cest: string | undefined;
  ncm: string;
  ufOrigem: string;
  ufDestino: string;
  /** The interstate rate of the operation, percent; null inside the UF. */
  aliquotaInter: string | null;
  /** The destination's internal rate, used in the adjustment when the table's row states none. */
  aliquotaInternaDestino: string;
  /** The seller is an industrial establishment (an IPI taxpayer): picks the sender-type hypothesis. */
  remetenteIndustrial: boolean;
}

const VERSAO = 'icms-st-mva-2026';
const ADJUSTMENT = 'Convênio ICMS 142/2018, cláusula décima terceira, § 1º a § 3º (MVA ajustada)';

// The purchase-fidelity margins of the auto-parts protocols (Lei 6.729/1979, art. 8º) apply only to a dealer
// bound to a manufacturer, which the item does not say; the other margin of the same CEST is the general one.
const linhas = lazy(() =>
  readCsvRecords(fiscalDataPath('icmsStMva')).filter((r) => !r.hipotese?.startsWith('fidelidade')),
);
const segmentos = lazy(
  () => new Map(readCsvRecords(fiscalDataPath('icmsStCest')).map((r) => [r.segmento!, r.segmento_descricao!])),
);

/** "0100100" → "01.001.00", as the tables write CEST. */
export const cestFormatado = (cest: string) => `${cest.slice(0, 2)}.${cest.slice(2, 5)}.${cest.slice(5)}`;

/** The row covers the CEST (exactly, or `SS.*` for a whole protocol annex less its exclusions) and the NCM. */
function cobre(r: Record<string, string>, cest: string, ncm: string): boolean {
  const segmento = r.cest === `${cest.slice(0, 2)}.*` && !r.cest_excluidos?.includes(cest);
  if (r.cest !== cest && !segmento) return false;
  const prefixos = r.ncm_prefixos?.split(' ').filter(Boolean) ?? [];
  return prefixos.length === 0 || prefixos.some((p) => ncm.startsWith(p));
}

/** A sender-type hypothesis of Protocolo ICMS 11/91 (beverages): distributor or industrial sender. */
const hipoteseRemetente = (h: string) => h.startsWith('remetente ');

/**
 * The official ICMS-ST margin of a good (CEST and NCM) sold into `ufDestino` (icms-st-mva.csv of the data
 * directory: RICMS-TO Anexo XXI, Portaria SEFAZ-MT 195/2019, the auto-parts and tyre protocols' tables of 20 UFs).
 * Inside the UF the original margin; between UFs the adjusted one the UF publishes for the interstate rate, else
 * [(1 + MVA) × (1 − ALQinter) / (1 − ALQintra)] − 1 (Convênio ICMS 142/2018 cl. 13ª § 1º); a margin the UF publishes
 * for every origin is not adjusted. Where the table splits the good by sender type, an IPI taxpayer is the
 * industrial sender. Throws ForaDeCobertura naming the missing margin and the rule that would supply it.
 */
export function mvaSt(q: ConsultaMva): MvaSt {
  const regra = 'uma regra tributária da empresa com a margem (mva), ou tributacao.icms.mva no produto';
  if (!q.cest)
    throw new ForaDeCobertura(
      '/icms',
      `O produto sujeito a ICMS-ST não tem CEST nem MVA: informe o CEST do produto para a margem oficial ser lida, ou ${regra}.`,
    );
  const cest = cestFormatado(q.cest);
  const cobertas = linhas().filter((r) => r.uf === q.ufDestino && cobre(r, cest, q.ncm));
  // An item of its own prevails over the protocol annex's margin (`SS.*`).
  const daUf = cobertas.some((r) => r.cest === cest) ? cobertas.filter((r) => r.cest === cest) : cobertas;
  if (daUf.length === 0)
    throw new ForaDeCobertura(
      '/icms',
      `Sem MVA de ICMS-ST do CEST ${cest} (NCM ${q.ncm}) para ${q.ufDestino} na tabela oficial de margens: informe ${regra}.`,
    );
  const porRemetente = daUf.filter((r) => hipoteseRemetente(r.hipotese ?? ''));
  const remetente = porRemetente.length
    ? porRemetente.filter((r) => r.hipotese!.includes(q.remetenteIndustrial ? 'industrial' : 'distribuidor'))
    : daUf;
  const margens = new Set(remetente.map((r) => r.mva_original_pct));
  if (margens.size !== 1)
    throw new ForaDeCobertura(
      '/icms',
      `A tabela oficial tem ${margens.size} margens de ICMS-ST do CEST ${cest} para ${q.ufDestino}, por hipótese (${remetente.map((r) => `${r.hipotese || 'geral'}: ${r.mva_original_pct} %`).join('; ')}): escolha-a com ${regra}.`,
    );
  return margemDaLinha(remetente[0]!, q);
}

function margemDaLinha(r: Record<string, string>, q: ConsultaMva): MvaSt {
  const base = {
    versao: VERSAO,
    fonte: `${r.base_legal}; ${r.fonte}`,
    aliquotaInterna: r.aliq_intra_pct || null,
    fcpSt: r.fcp_st_pct || null,
  };
  const hipotese = r.hipotese ? `, hipótese ${r.hipotese}` : '';
  const original = r.mva_original_pct!;
  if (q.aliquotaInter === null || q.ufOrigem === q.ufDestino)
    return { ...base, mva: original, tipo: 'original', como: `MVA original de ${q.ufDestino}${hipotese}` };
  const inter = new Decimal(q.aliquotaInter);
  const publicada = r[`mva_ajustada_${inter.toString()}_pct`];
  if (publicada)
    return {
      ...base,
      mva: publicada,
      tipo: 'ajustada',
      como: `MVA ajustada que ${q.ufDestino} publica para a alíquota interestadual de ${inter.toString()} %${hipotese}`,
    };
  if (r.tipo_margem !== 'mva_original')
    return {
      ...base,
      mva: original,
      tipo: 'original',
      como: `margem de ${q.ufDestino} para qualquer origem, sem ajuste${hipotese}`,
    };
  const intra = new Decimal(r.aliq_intra_pct || q.aliquotaInternaDestino);
  const ajustada = new Decimal(original)
    .div(100)
    .plus(1)
    .times(new Decimal(1).minus(inter.div(100)))
    .div(new Decimal(1).minus(intra.div(100)))
    .minus(1)
    .times(100)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return {
    ...base,
    fonte: `${base.fonte}; ${ADJUSTMENT}`,
    mva: ajustada.toFixed(2),
    tipo: 'ajustada',
    como: `MVA ajustada [(1 + ${original} %) × (1 - ${inter.toString()} %) / (1 - ${intra.toString()} %)] - 1${hipotese}`,
  };
}

/** The CEST segments the margins cover and the destination UFs each one has margins for. */
export function mvaStCobertas(): { segmento: string; descricao: string; ufs: string[] }[] {
  const porSegmento = new Map<string, Set<string>>();
  for (const r of linhas()) {
    const ufs = porSegmento.get(r.segmento!) ?? new Set<string>();
    ufs.add(r.uf!);
    porSegmento.set(r.segmento!, ufs);
  }
  return [...porSegmento]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([segmento, ufs]) => ({ segmento, descricao: segmentos().get(segmento) ?? '', ufs: [...ufs].sort() }));
}
