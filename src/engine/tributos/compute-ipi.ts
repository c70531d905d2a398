import { Decimal } from 'decimal.js';
import { aliquotaTipi, TABELA_TIPI } from './aliquota-tipi.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { ItemTributavel, OperacaoTributavel } from './item-tributavel.js';
import { regraTributaria, type RegraTributaria } from './regra-tributaria.js';
import { moneyHalfUp } from './round-money.js';
import type { ValoresDaLinha } from './valores-da-linha.js';

/** IPI exits the layout writes without rate and value (IPINT). */
const IPI_NT = ['51', '52', '53', '54', '55'];

export interface IpiCalculado {
  grupo: Record<string, string>;
  valor: Decimal;
}

/**
 * IPI (TIpi) of an exit by an IPI taxpayer, the products whose profile has `ipi`: CST 50 at the TIPI rate of the
 * NCM (and Ex) on the issue date, over the operation's value (RIPI, Decreto 7.212/2010, art. 190, I; the
 * unconditional discount taken off, STF RE 567.935); an NCM the TIPI marks NT goes out as CST 53. A profile
 * without `ipi` is a seller that is not an IPI taxpayer: no group.
 */
export function computeIpi(
  item: ItemTributavel,
  op: OperacaoTributavel,
  linha: ValoresDaLinha,
  regras: RegraTributaria[],
): IpiCalculado | null {
  const perfil = item.perfil.ipi;
  if (!perfil) return null;
  if (op.regime === 'simples_nacional' || op.regime === 'mei') {
    throw new ForaDeCobertura(
      '/ipi',
      'IPI de empresa do Simples Nacional (recolhido no DAS) não é calculado: envie o item em modo informado.',
    );
  }
  if (op.dia >= '2027-01-01') {
    throw new ForaDeCobertura(
      '/ipi',
      'IPI a partir de 2027 (EC 132/2023, art. 126, III, a: alíquotas zeradas, salvo produtos com industrialização incentivada na Zona Franca de Manaus): a lista desses produtos não está nas tabelas.',
    );
  }
  const cEnq = perfil.cEnq ?? '999';
  const cst = perfil.cst ?? '50';
  if (IPI_NT.includes(cst)) return { grupo: { c_enq: cEnq, cst }, valor: new Decimal(0) };
  if (cst !== '50')
    throw new ForaDeCobertura('/ipi', `CST ${cst} do IPI não é calculado: cobertos 50 (saída tributada) e 51 a 55.`);
  const tipi = aliquotaTipi(item.ncm, perfil.ex, op.dia);
  if (tipi.aliquota === null) {
    regras.push(
      regraTributaria(
        '/ipi/cst',
        '53',
        'ipi_ncm_nao_tributado_tipi',
        `O NCM ${item.ncm} é NT na TIPI: saída não tributada (CST 53).`,
        TABELA_TIPI,
      ),
    );
    return { grupo: { c_enq: cEnq, cst: '53' }, valor: new Decimal(0) };
  }
  const vBc = moneyHalfUp(linha.operacao);
  const base = vBc.toFixed(2);
  const valor = moneyHalfUp(vBc.times(tipi.aliquota).div(100));
  regras.push(
    regraTributaria(
      '/ipi/v_ipi',
      valor.toFixed(2),
      'ipi_aliquota_tipi',
      `IPI = ${base} (valor da operação) × ${tipi.aliquota} % (TIPI, NCM ${item.ncm}${perfil.ex ? ` Ex ${perfil.ex}` : ''}).`,
      TABELA_TIPI,
    ),
  );
  return { grupo: { c_enq: cEnq, cst, v_bc: base, p_ipi: tipi.aliquota, v_ipi: valor.toFixed(2) }, valor };
}
