import { Decimal } from 'decimal.js';
import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';
import { lazy, readCsvRecords } from '../tabelas/read-csv-records.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { FonteTabela } from './regra-tributaria.js';

export interface MvaSt extends FonteTabela {
  /** Percent. */
  mva: string;
  /** `original` inside the UF or a single margin the UF publishes; `ajustada` in an interstate operation. */
  tipo: 'original' | 'ajustada';
}

const VERSAO = 'mva-st-autopecas-pneus-2026';

const linhas = lazy(() => readCsvRecords(fiscalDataPath('mvaSt')).filter((r) => !r.hipotese?.startsWith('fidelidade')));

/** "0100100" → "01.001.00", as the table writes CEST. */
const cestFormatado = (cest: string) => `${cest.slice(0, 2)}.${cest.slice(2, 5)}.${cest.slice(5)}`;

/**
 * The ICMS-ST margin of a good (its CEST, 7 digits) sold from `ufOrigem` to `ufDestino` at the interstate rate
 * `aliquotaInter`: auto parts (segment 01, Protocolos ICMS 41/2008 and 97/2010) and tyres (segment 16), the only
 * products whose margins the table carries. Inside a UF, the original margin; between UFs, the adjusted margin the
 * destination publishes for that interstate rate (Convênio ICMS 142/2018 cláusula décima segunda's formula, as
 * published); a single margin a UF publishes applies to both. Goods or UFs the table lacks are outside the
 * coverage: the engine does not guess a margin.
 */
export function mvaSt(
  cest: string | undefined,
  ufOrigem: string,
  ufDestino: string,
  aliquotaInter: string | null,
): MvaSt {
  if (!cest)
    throw new ForaDeCobertura('/icms', 'O produto sujeito a ICMS-ST não tem CEST: sem ele não há MVA a aplicar.');
  const codigo = cestFormatado(cest);
  const listado = linhas().some((r) => r.cest === codigo);
  if (!listado)
    throw new ForaDeCobertura(
      '/icms',
      `Sem MVA de ICMS-ST para o CEST ${codigo}: cobertos autopeças (segmento 01) e pneus (segmento 16).`,
    );
  const grupo = `${codigo.slice(0, 2)}.xxx (anexo do protocolo)`;
  const daUf = linhas().filter((r) => r.uf_destino === ufDestino && (r.cest === codigo || r.cest === grupo));
  const fonte = (r: Record<string, string>) => `${r.base_legal}; ${r.fonte}`;
  const unica = daUf.find((r) => !r.aliq_inter_pct);
  if (unica) return { mva: unica.mva_original_pct!, tipo: 'original', versao: VERSAO, fonte: fonte(unica) };
  if (daUf.length === 0) throw new ForaDeCobertura('/icms', `Sem MVA de ICMS-ST do CEST ${codigo} para ${ufDestino}.`);
  if (ufOrigem === ufDestino || aliquotaInter === null)
    return { mva: daUf[0]!.mva_original_pct!, tipo: 'original', versao: VERSAO, fonte: fonte(daUf[0]!) };
  const r = daUf.find((l) => new Decimal(l.aliq_inter_pct!).eq(aliquotaInter));
  const mva = r?.mva_ajustada_publicada_pct || r?.mva_ajustada_calculada_pct;
  if (!r || !mva)
    throw new ForaDeCobertura(
      '/icms',
      `Sem MVA ajustada de ICMS-ST do CEST ${codigo} para ${ufDestino} à alíquota interestadual de ${aliquotaInter} %.`,
    );
  return { mva, tipo: 'ajustada', versao: VERSAO, fonte: fonte(r) };
}

/** The CEST segments the margins cover and the destination UFs each one has margins for. */
export function mvaStCobertas(): { segmento: string; descricao: string; ufs: string[] }[] {
  const porSegmento = new Map<string, { descricao: string; ufs: Set<string> }>();
  for (const r of linhas()) {
    const segmento = r.cest!.slice(0, 2);
    const s = porSegmento.get(segmento) ?? { descricao: r.grupo!, ufs: new Set<string>() };
    if (r.uf_destino) s.ufs.add(r.uf_destino);
    porSegmento.set(segmento, s);
  }
  return [...porSegmento].map(([segmento, s]) => ({ segmento, descricao: s.descricao, ufs: [...s.ufs].sort() }));
}
