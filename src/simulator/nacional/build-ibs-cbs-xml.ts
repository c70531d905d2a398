import { Decimal } from 'decimal.js';
import { aliquotasReferenciaIbsCbs } from '../../engine/tabelas/aliquotas-referencia-ibs-cbs.js';
import { classificacaoIbsCbs } from '../../engine/tabelas/classificacao-ibs-cbs.js';
import { el, group } from '../../engine/xml/el.js';

export interface IbsCbsDaNota {
  dCompet: string;
  cClassTrib: string;
  cLocalidadeIncid: string;
  xLocalidadeIncid: string;
  vServ: Decimal;
  vDescIncond: Decimal;
  vISSQN: Decimal;
  vLiq: Decimal;
}

/**
 * The NFS-e group IBSCBS (TCRTCIBSCBS) the national system computes from the DPS classification: the reference
 * rates of the competence's period, each reduced by the code's percentage (pAliqEfet = p × (1 − pRedAliq/100)),
 * over vBC = vServ − vDescIncond − vISSQN (the DPS declares no PIS/COFINS nor reimbursements). In 2026 the taxes
 * are not added to the note's total (vTotNF = vLiq). Empty for a code that has no IBS/CBS rate to apply (immune,
 * suspended, fixed or sector rates): the simulator computes only the reference-rate case.
 */
export function buildIbsCbsXml(n: IbsCbsDaNota): string {
  const c = classificacaoIbsCbs(n.cClassTrib);
  const aliquotas = aliquotasReferenciaIbsCbs(n.dCompet);
  const fixa = c && (c.aliquotaFixa.CBS.length || c.aliquotaFixa.IBSUF.length || c.aliquotaFixa.IBSMun.length);
  if (!c || !aliquotas || fixa || !c.grupos.includes('gIBSCBS')) return '';
  const vBC = n.vServ.minus(n.vDescIncond).minus(n.vISSQN);
  const parte = (aliquota: string, pRed: string) => {
    const efetiva = new Decimal(aliquota).times(new Decimal(1).minus(new Decimal(pRed).div(100)));
    const reduz = !new Decimal(pRed).isZero();
    return {
      aliquota: new Decimal(aliquota).toFixed(2),
      pRed: reduz ? new Decimal(pRed).toFixed(2) : undefined,
      efetiva: efetiva.toFixed(2, Decimal.ROUND_HALF_EVEN),
      valor: vBC.times(efetiva).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN),
    };
  };
  const uf = parte(aliquotas.IBSUF, c.pRedIBSUF);
  const mun = parte(aliquotas.IBSMun, c.pRedIBSMun);
  const cbs = parte(aliquotas.CBS, c.pRedCBS);
  const vTotNF = n.dCompet < '2027' ? n.vLiq : n.vLiq.plus(uf.valor).plus(mun.valor).plus(cbs.valor);
  return group(
    'IBSCBS',
    el('cLocalidadeIncid', n.cLocalidadeIncid),
    el('xLocalidadeIncid', n.xLocalidadeIncid),
    group(
      'valores',
      el('vBC', vBC.toFixed(2)),
      group('uf', el('pIBSUF', uf.aliquota), el('pRedAliqUF', uf.pRed), el('pAliqEfetUF', uf.efetiva)),
      group('mun', el('pIBSMun', mun.aliquota), el('pRedAliqMun', mun.pRed), el('pAliqEfetMun', mun.efetiva)),
      group('fed', el('pCBS', cbs.aliquota), el('pRedAliqCBS', cbs.pRed), el('pAliqEfetCBS', cbs.efetiva)),
    ),
    group(
      'totCIBS',
      el('vTotNF', vTotNF.toFixed(2)),
      group(
        'gIBS',
        el('vIBSTot', uf.valor.plus(mun.valor).toFixed(2)),
        group('gIBSUFTot', el('vIBSUF', uf.valor.toFixed(2))),
        group('gIBSMunTot', el('vIBSMun', mun.valor.toFixed(2))),
      ),
      group('gCBS', el('vCBS', cbs.valor.toFixed(2))),
    ),
  );
}
