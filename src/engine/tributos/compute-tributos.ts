import { Decimal } from 'decimal.js';
import { baseIbsCbs, computeIbsCbs } from './compute-ibs-cbs.js';
import { computeImpostoSeletivo } from './compute-imposto-seletivo.js';
import { computeIcms } from './compute-icms.js';
import { computeIpi } from './compute-ipi.js';
import { computePisCofins } from './compute-pis-cofins.js';
import { cfop as cfopOficial, TABELA_CFOP } from './cfop.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { ItemTributavel, OperacaoTributavel } from './item-tributavel.js';
import { regraTributaria, type RegraTributaria } from './regra-tributaria.js';
import { valoresDaLinha } from './valores-da-linha.js';

/** The tax groups of an item as the `informado` request spells them, and how each value was reached. */
export interface TributosDoItem {
  cfop: string;
  icms: Record<string, string>;
  pis: Record<string, string>;
  cofins: Record<string, string>;
  ipi?: Record<string, string>;
  icms_uf_dest?: Record<string, string>;
  ibs_cbs?: Record<string, string>;
  /** The item's tax-benefit code (prod/cBenef), from the ICMS profile. */
  c_benef?: string;
  /** Imposto Seletivo (from 2027, when the profile has `is`). */
  is?: Record<string, string>;
  regras: RegraTributaria[];
}

/**
 * Every tax of an item, in the order their bases need: IPI (it enters the ICMS base for a final consumer and the
 * ICMS-ST base), ICMS with ICMS-ST and DIFAL, PIS/COFINS (without the ICMS), the Imposto Seletivo and IBS/CBS
 * (without all of them, with the IS).
 * Throws ForaDeCobertura naming what the tables or the rules do not cover.
 */
export function computeTributos(item: ItemTributavel, op: OperacaoTributavel): TributosDoItem {
  const regras: RegraTributaria[] = [];
  const linha = valoresDaLinha(item);
  const cfop = cfopDaOperacao(item, op, regras);
  const ipi = computeIpi(item, op, linha, regras);
  const vIpi = ipi?.valor ?? new Decimal(0);
  const icms = computeIcms(item, op, linha, vIpi, regras);
  const pisCofins = computePisCofins(item, op, linha.operacao, icms.vIcms, regras);
  const simples = op.regime === 'simples_nacional' || op.regime === 'mei';
  const foraDaBase = { operacao: linha.operacao, vPis: pisCofins.vPis, vCofins: pisCofins.vCofins, ...icms };
  // The IS comes first: its value enters the IBS/CBS base (the cClassTrib's base expression).
  const is = computeImpostoSeletivo(item, op, baseIbsCbs(foraDaBase), regras);
  // The Simples Nacional keeps its DAS until 2027 and the layout leaves the group out for it (NT 2025.002).
  const ibsCbs = simples ? undefined : computeIbsCbs(item, op, { ...foraDaBase, vIs: is?.vIs }, regras);
  return {
    cfop,
    icms: icms.grupo,
    pis: pisCofins.pis,
    cofins: pisCofins.cofins,
    ...(ipi ? { ipi: ipi.grupo } : {}),
    ...(icms.icmsUfDest ? { icms_uf_dest: icms.icmsUfDest } : {}),
    ...(ibsCbs ? { ibs_cbs: ibsCbs } : {}),
    ...(icms.cBenef ? { c_benef: icms.cBenef } : {}),
    ...(is ? { is: is.grupo } : {}),
    regras,
  };
}

/**
 * The CFOP of the operation: the profile's CFOP (or 102, resale; 403 with ICMS-ST as substitute) with the first
 * digit of the destination (5 inside the UF, 6 between UFs); an interstate sale to a non-contributor is 107/108;
 * a bonificação is 910.
 */
function cfopDaOperacao(item: ItemTributavel, op: OperacaoTributavel, regras: RegraTributaria[]): string {
  const interna = op.ufEmitente === op.ufDestinatario;
  const st = ['10', '30', '70', '201', '202', '203'].includes(item.perfil.icms?.cst ?? item.perfil.icms?.csosn ?? '');
  let final = item.perfil.cfop?.slice(1) ?? (st ? '403' : '102');
  if (op.operacao === 'bonificacao') final = '910';
  else if (!interna && op.contribuinte === 'nao_contribuinte' && (final === '101' || final === '102'))
    final = final === '101' ? '107' : '108';
  const codigo = `${interna ? '5' : '6'}${final}`;
  const oficial = cfopOficial(codigo);
  if (!oficial || oficial.tipo !== 'saida')
    throw new ForaDeCobertura('/cfop', `CFOP ${codigo} não existe como saída na tabela oficial.`);
  regras.push(
    regraTributaria('/cfop', codigo, 'cfop_da_operacao', `CFOP ${codigo}: ${oficial.descricao}.`, TABELA_CFOP),
  );
  return codigo;
}
