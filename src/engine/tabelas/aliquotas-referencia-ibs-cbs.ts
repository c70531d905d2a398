import { lazy, readCsvRecords } from './read-csv-records.js';
import { fiscalDataPath } from './fiscal-data-dir.js';

/** Version and source of the reference rates, carried by every rule that reads them. */
export const TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS = {
  versao: 'calculadora-rtc-1.3.0-20260814',
  fonte:
    'Receita Federal, Calculadora de Tributos da Reforma Tributária 1.3.0 (2026-08-14): alíquotas de referência ' +
    'da CBS e do IBS por ano (2026 e o IBS de 2027-2028 pela LC 214/2025 arts. 343-346; as demais simuladas pela calculadora)',
} as const;

/** The reference rates (percent, decimal strings) of one period, and whether the law sets them. */
export interface AliquotasReferenciaIbsCbs {
  CBS: string;
  IBSUF: string;
  IBSMun: string;
  /** Period, `AAAA-MM-DD`, inclusive. */
  inicio: string;
  fim: string;
  /** The table's status of each rate ("legal (LC 214/2025 arts. 343-346)", "simulated by the calculator …"). */
  situacao: { CBS: string; IBSUF: string; IBSMun: string };
  /** True when every rate of the period is set by law; false when the calculator simulates one of them. */
  legal: boolean;
  /** Per tax: its rate of the period is set by law (not simulated by the calculator). */
  legais: { CBS: boolean; IBSUF: boolean; IBSMun: boolean };
}

type Tributo = 'CBS' | 'IBSUF' | 'IBSMun';
const TRIBUTOS: Tributo[] = ['CBS', 'IBSUF', 'IBSMun'];

const periodos = lazy(() => {
  const porPeriodo = new Map<
    string,
    Partial<Record<Tributo, { aliquota: string; situacao: string }>> & { inicio: string; fim: string }
  >();
  for (const r of readCsvRecords(fiscalDataPath('aliquotasReferenciaIbsCbs'))) {
    const chave = `${r.inicio_vigencia}|${r.fim_vigencia}`;
    const periodo = porPeriodo.get(chave) ?? { inicio: r.inicio_vigencia!, fim: r.fim_vigencia! };
    periodo[r.tributo as Tributo] = { aliquota: r.aliquota_percent!, situacao: r.status! };
    porPeriodo.set(chave, periodo);
  }
  const out: AliquotasReferenciaIbsCbs[] = [];
  for (const p of porPeriodo.values()) {
    if (!TRIBUTOS.every((t) => p[t]))
      throw new Error(`aliquotas-referencia.csv: o período ${p.inicio}..${p.fim} não tem as três alíquotas`);
    const situacao = { CBS: p.CBS!.situacao, IBSUF: p.IBSUF!.situacao, IBSMun: p.IBSMun!.situacao };
    // "IBS legal …; CBS simulated …" names both: a rate is legal when its status does not call it simulated, or
    // when the simulation the status mentions is another tax's.
    const legalPara = (t: Tributo) => {
      const s = situacao[t];
      if (s.startsWith('legal')) return true;
      const simulado = /(\w+) simulated/.exec(s)?.[1];
      if (!simulado) return !s.includes('simulated');
      return !t.startsWith(simulado);
    };
    out.push({
      CBS: p.CBS!.aliquota,
      IBSUF: p.IBSUF!.aliquota,
      IBSMun: p.IBSMun!.aliquota,
      inicio: p.inicio,
      fim: p.fim,
      situacao,
      legal: TRIBUTOS.every(legalPara),
      legais: { CBS: legalPara('CBS'), IBSUF: legalPara('IBSUF'), IBSMun: legalPara('IBSMun') },
    });
  }
  return out.sort((a, b) => a.inicio.localeCompare(b.inicio));
});

/** The reference rates in force on `dia` (`AAAA-MM-DD`), or null outside the table's years (before 2026, after 2033). */
export function aliquotasReferenciaIbsCbs(dia: string): AliquotasReferenciaIbsCbs | null {
  return periodos().find((p) => p.inicio <= dia && dia <= p.fim) ?? null;
}
