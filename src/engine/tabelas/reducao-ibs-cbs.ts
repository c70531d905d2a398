import { classificacoesListadas } from './classificacao-ibs-cbs.js';

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

const reduz = (p: string) => Number(p) > 0;

/**
 * The IBS/CBS reductions the classification table foresees for a service's NBS (9 digits) on `dia`
 * (YYYY-MM-DD): codes whose NBS list covers it, in force that day, valid on the NFS-e and with a reduction
 * percentage. Whether the provider meets the law's conditions is not the table's.
 */
export function reducaoIbsCbs(nbs: string, dia: string): ReducaoIbsCbs[] {
  return classificacoesListadas('NBS', nbs, dia)
    .filter((c) => c.validoNfse && (reduz(c.pRedCBS) || reduz(c.pRedIBSUF) || reduz(c.pRedIBSMun)))
    .map((c) => ({
      cClassTrib: c.cClassTrib,
      descricao: c.descricao,
      pRedCBS: c.pRedCBS,
      pRedIBSUF: c.pRedIBSUF,
      pRedIBSMun: c.pRedIBSMun,
      fundamentacao: c.fundamentacao,
    }));
}
