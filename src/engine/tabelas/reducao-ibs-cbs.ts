import { lazy, readCsvRecords } from './read-csv-records.js';
import { fiscalDataPath } from './fiscal-data-dir.js';

/** An IBS/CBS rate reduction of LC 214/2025 that the classification table foresees for a service. */
export interface ReducaoIbsCbs {
  /** cClassTrib, six digits (e.g. "200028"). */
  cClassTrib: string;
  descricao: string;
  /** Percentages of the rate taken off (effective rate = rate × (1 − pRed/100)), as the table writes them. */
  pRedCBS: string;
  pRedIBSUF: string;
  pRedIBSMun: string;
  /** Legal basis as the table cites it ("LC 214/2025 Art. 129"). */
  fundamentacao: string;
}

interface Aplicacao {
  cClassTrib: string;
  prefixo: string;
  excecoes: string[];
  inicio: string;
  fim: string;
}

const emVigor = (dia: string, inicio: string, fim: string) => (!inicio || inicio <= dia) && (!fim || dia <= fim);
const reduz = (p: string) => Number(p || '0') > 0;

// The Receita Federal's classification table (cclasstrib.csv) and which NBS prefixes each code applies to
// (cclasstrib-ncm-nbs.csv): calculator version 1.3.0 of 2026-08-14, see nfe/rtc/README.md in the data directory.
// Only the IBS/CBS rows: the same cClassTrib numbers are reused by the Imposto Seletivo (tributo IS).
const classificacoes = lazy(() =>
  readCsvRecords(fiscalDataPath('classificacaoTributaria')).filter((r) => r.tributo === 'IBS/CBS' && (r.dfe_permitidos ?? '').split(',').map((d) => d.trim()).includes('NFSe')),
);

const aplicacoesNbs = lazy((): Aplicacao[] =>
  readCsvRecords(fiscalDataPath('classificacaoTributariaNcmNbs'))
    .filter((r) => r.tributo === 'IBS/CBS' && r.tipo === 'NBS')
    .map((r) => ({
      cClassTrib: r.cClassTrib!,
      prefixo: r.codigo_prefixo!,
      excecoes: (r.excecoes_prefixos ?? '').split(',').map((e) => e.trim()).filter(Boolean),
      inicio: r.inicio_vigencia ?? '',
      fim: r.fim_vigencia ?? '',
    })),
);

/**
 * The IBS/CBS reductions the classification table foresees for a service's NBS (9 digits) on `dia`
 * (YYYY-MM-DD): codes whose NBS prefix covers it (and no exception excludes it), in force that day, valid on
 * the NFS-e and with a reduction percentage. Whether the provider meets the law's conditions is not the table's.
 */
export function reducaoIbsCbs(nbs: string, dia: string): ReducaoIbsCbs[] {
  const codigos = new Set(
    aplicacoesNbs()
      .filter((a) => nbs.startsWith(a.prefixo) && !a.excecoes.some((e) => nbs.startsWith(e)) && emVigor(dia, a.inicio, a.fim))
      .map((a) => a.cClassTrib),
  );
  return classificacoes()
    .filter((r) => codigos.has(r.cClassTrib!) && emVigor(dia, r.inicio_vigencia ?? '', r.fim_vigencia ?? ''))
    .filter((r) => reduz(r.pRedCBS!) || reduz(r.pRedIBSUF!) || reduz(r.pRedIBSMun!))
    .map((r) => ({
      cClassTrib: r.cClassTrib!,
      descricao: r.cClassTrib_descricao!,
      pRedCBS: r.pRedCBS!,
      pRedIBSUF: r.pRedIBSUF!,
      pRedIBSMun: r.pRedIBSMun!,
      fundamentacao: r.fundamentacao_legal!,
    }));
}
