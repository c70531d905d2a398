import { Decimal } from 'decimal.js';
import type { BodyReport } from '../nucleo/read-body.js';
import { snakeName } from '../nucleo/validation-issues-of.js';
import { requireMember, requireSentMember } from './nfe-member.js';
import { isMembers, type Members } from './is-members.js';
import { refineIbsCbs, refineImpostoSeletivo } from './refine-ibs-cbs.js';

const sent = (o: Members, key: string) => o[key] !== undefined && o[key] !== null;
/** The member's value when it was read without a problem. */
const lido = (o: Members, key: string, campo: string, report: BodyReport) =>
  typeof o[key] === 'string' && o[key] !== '' && report.valid(campo) ? (o[key] as string) : undefined;

export const PIS_ALIQ = ['01', '02'];
export const PIS_QTDE = ['03'];
export const PIS_NT = ['04', '05', '06', '07', '08', '09'];
const PIS_OUTR = [
  '49',
  '50',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '67',
  '70',
  '71',
  '72',
  '73',
  '74',
  '75',
  '98',
  '99',
];
export const IPI_NT = ['01', '02', '03', '04', '05', '51', '52', '53', '54', '55'];
const IPI_TRIB = ['00', '49', '50', '99'];
const FCP_UF_DEST = ['vBcFcpUfDest', 'pFcpUfDest', 'vFcpUfDest'];

/** A decimal member that must be sent: blank is a format problem, reported by the member itself. */
const requireDecimal = (o: Members, key: string, campo: string, report: BodyReport, oque: string) =>
  requireSentMember(o, key, `${campo}/${snakeName(key)}`, report, oque);

/** Members sent that the chosen layout group does not carry: the authority would refuse the XML, so we name them. */
function foraDoGrupo(g: Members, campo: string, aceitos: readonly string[], grupo: string, report: BodyReport): void {
  for (const key of Object.keys(g)) {
    const nome = snakeName(key);
    if (!aceitos.includes(nome) && sent(g, key)) {
      report.add({
        codigo: 'campo_desconhecido',
        campo: `${campo}/${nome}`,
        mensagem: `O campo ${nome} não faz parte do grupo ${grupo}.`,
        correcao: `Remova-o. Campos do grupo: ${aceitos.join(', ')}.`,
      });
    }
  }
}

/**
 * The rules of one item of `informado` (and `conferir`) that need nothing but the item: the members it must
 * carry, the quantity and the discount, and each tax group's members by its CST. The ICMS group's members depend
 * on the issuer's regime (CST or CSOSN) and are checked with the company (checkNfeBody).
 */
export function refineNfeItem(it: Members, base: string, report: BodyReport): void {
  requireMember(it, 'codigo', `${base}/codigo`, report, 'O código do item');
  requireMember(it, 'descricao', `${base}/descricao`, report, 'A descrição do item');
  requireMember(it, 'ncm', `${base}/ncm`, report, 'O campo ncm');
  requireMember(it, 'cfop', `${base}/cfop`, report, 'O campo cfop');
  requireMember(it, 'origem', `${base}/origem`, report, 'O campo origem');
  requireMember(it, 'unidade', `${base}/unidade`, report, 'A unidade');
  requireDecimal(it, 'quantidade', base, report, 'A quantidade');
  requireDecimal(it, 'valorUnitario', base, report, 'O valor unitário');
  requireMember(it, 'icms', `${base}/icms`, report, 'O grupo icms');
  refinePisCofins(it, 'pis', base, report);
  refinePisCofins(it, 'cofins', base, report);
  if (isMembers(it.ipi)) refineIpi(it.ipi, `${base}/ipi`, report);
  if (isMembers(it.ii)) refineIi(it.ii, `${base}/ii`, lido(it, 'cfop', `${base}/cfop`, report), report);
  if (isMembers(it.pisSt)) refinePisCofinsSt(it.pisSt, 'pis', `${base}/pis_st`, report);
  if (isMembers(it.cofinsSt)) refinePisCofinsSt(it.cofinsSt, 'cofins', `${base}/cofins_st`, report);
  if (isMembers(it.icmsUfDest)) refineIcmsUfDest(it.icmsUfDest, `${base}/icms_uf_dest`, report);
  if (isMembers(it.ibsCbs)) refineIbsCbs(it.ibsCbs, `${base}/ibs_cbs`, report);
  if (isMembers(it.is)) refineImpostoSeletivo(it.is, `${base}/is`, report);
  const quantidade = lido(it, 'quantidade', `${base}/quantidade`, report);
  const valorUnitario = lido(it, 'valorUnitario', `${base}/valor_unitario`, report);
  const desconto = lido(it, 'desconto', `${base}/desconto`, report);
  if (quantidade !== undefined && new Decimal(quantidade).isZero()) {
    report.add({
      codigo: 'formato_invalido',
      campo: `${base}/quantidade`,
      mensagem: 'A quantidade deve ser maior que zero.',
      correcao: 'Informe a quantidade vendida.',
    });
  }
  if (desconto && quantidade && valorUnitario) {
    const vProd = new Decimal(quantidade).times(valorUnitario).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (new Decimal(desconto).gt(vProd)) {
      report.add({
        codigo: 'formato_invalido',
        campo: `${base}/desconto`,
        mensagem: `O desconto ${desconto} é maior que o valor do item (${vProd.toFixed(2)}).`,
        correcao: 'O desconto não pode passar do valor do item.',
      });
    }
  }
}

/**
 * PIS or COFINS (layout groups PISAliq, PISQtde, PISNT or PISOutr and their COFINS twins), chosen by the CST.
 * PISOutr takes base × rate or quantity × value per unit, never both.
 */
function refinePisCofins(it: Members, key: 'pis' | 'cofins', base: string, report: BodyReport): void {
  const campo = `${base}/${key}`;
  const TAX = key.toUpperCase();
  requireMember(it, key, campo, report, `O grupo ${key}`);
  const g = it[key];
  if (!isMembers(g)) return;
  const taxa = key === 'pis' ? 'pPis' : 'pCofins';
  requireMember(g, 'cst', `${campo}/cst`, report, `O CST do ${TAX}`);
  const cst = lido(g, 'cst', `${campo}/cst`, report);
  if (cst === undefined) return;
  let porQuantidade: boolean;
  if (PIS_NT.includes(cst)) {
    foraDoGrupo(g, campo, ['cst'], `${TAX}NT`, report);
    return;
  } else if (PIS_ALIQ.includes(cst) || PIS_QTDE.includes(cst)) {
    porQuantidade = PIS_QTDE.includes(cst);
    foraDoGrupo(
      g,
      campo,
      porQuantidade ? ['cst', 'q_bc_prod', 'v_aliq_prod', `v_${key}`] : ['cst', 'v_bc', `p_${key}`, `v_${key}`],
      `${TAX}${porQuantidade ? 'Qtde' : 'Aliq'}`,
      report,
    );
  } else if (PIS_OUTR.includes(cst)) {
    porQuantidade = sent(g, 'qBcProd') || sent(g, 'vAliqProd');
    if (porQuantidade && (sent(g, 'vBc') || sent(g, taxa))) {
      report.add({
        codigo: 'formato_invalido',
        campo,
        mensagem: `${TAX}Outr leva base e alíquota (v_bc, p_${key}) ou quantidade e valor por unidade (q_bc_prod, v_aliq_prod), não os dois.`,
        correcao: 'Envie só uma das formas de cálculo.',
      });
    }
  } else {
    report.add({
      codigo: 'formato_invalido',
      campo: `${campo}/cst`,
      mensagem: `CST ${cst} do ${TAX} desconhecido.`,
      correcao: `Use um de: ${[...PIS_ALIQ, ...PIS_QTDE, ...PIS_NT, ...PIS_OUTR].join(', ')}.`,
    });
    return;
  }
  requireCalculation(g, key, porQuantidade, campo, report);
}

/** IPI (TIpi): IPITrib by base × rate or units × value per unit, IPINT by the CST. */
function refineIpi(g: Members, campo: string, report: BodyReport): void {
  requireMember(g, 'cEnq', `${campo}/c_enq`, report, 'O campo c_enq');
  requireMember(g, 'cst', `${campo}/cst`, report, 'O CST do IPI');
  const cst = lido(g, 'cst', `${campo}/cst`, report);
  if (cst === undefined) return;
  if (IPI_NT.includes(cst)) return foraDoGrupo(g, campo, ['c_enq', 'cst'], 'IPINT', report);
  if (!IPI_TRIB.includes(cst)) {
    report.add({
      codigo: 'formato_invalido',
      campo: `${campo}/cst`,
      mensagem: `CST ${cst} do IPI desconhecido.`,
      correcao: `Use um de: ${[...IPI_TRIB, ...IPI_NT].join(', ')}.`,
    });
    return;
  }
  const porUnidade = sent(g, 'qUnid') || sent(g, 'vUnid');
  if (porUnidade && (sent(g, 'vBc') || sent(g, 'pIpi'))) {
    report.add({
      codigo: 'formato_invalido',
      campo,
      mensagem:
        'IPITrib leva base e alíquota (v_bc, p_ipi) ou unidades e valor por unidade (q_unid, v_unid), não os dois.',
      correcao: 'Envie só uma das formas de cálculo.',
    });
  }
  if (porUnidade) {
    requireDecimal(g, 'qUnid', campo, report, 'A quantidade tributada (q_unid)');
    requireDecimal(g, 'vUnid', campo, report, 'O valor por unidade (v_unid)');
  } else {
    requireDecimal(g, 'vBc', campo, report, 'A base de cálculo (v_bc)');
    requireDecimal(g, 'pIpi', campo, report, 'A alíquota (p_ipi)');
  }
  requireDecimal(g, 'vIpi', campo, report, 'O valor do IPI (v_ipi)');
}

/**
 * PISST or COFINSST (groups R and T): base × rate or quantity × value per unit, never both, and the value.
 * indSomaPISST/indSomaCOFINSST are not accepted (left out: the value does not enter vNF).
 */
function refinePisCofinsSt(g: Members, tax: 'pis' | 'cofins', campo: string, report: BodyReport): void {
  const taxa = tax === 'pis' ? 'pPis' : 'pCofins';
  const porQuantidade = sent(g, 'qBcProd') || sent(g, 'vAliqProd');
  if (porQuantidade && (sent(g, 'vBc') || sent(g, taxa))) {
    report.add({
      codigo: 'formato_invalido',
      campo,
      mensagem: `${tax}_st leva base e alíquota (v_bc, p_${tax}) ou quantidade e valor por unidade (q_bc_prod, v_aliq_prod), não os dois.`,
      correcao: 'Envie só uma das formas de cálculo.',
    });
  }
  requireCalculation(g, tax, porQuantidade, campo, report);
}

/** PIS or COFINS (of the item or ST) by quantity × value per unit, or by base × rate; the value in both cases. */
function requireCalculation(
  g: Members,
  tax: 'pis' | 'cofins',
  porQuantidade: boolean,
  campo: string,
  report: BodyReport,
): void {
  const [taxa, valor] = tax === 'pis' ? (['pPis', 'vPis'] as const) : (['pCofins', 'vCofins'] as const);
  if (porQuantidade) {
    requireDecimal(g, 'qBcProd', campo, report, 'A quantidade tributada (q_bc_prod)');
    requireDecimal(g, 'vAliqProd', campo, report, 'O valor por unidade (v_aliq_prod)');
  } else {
    requireDecimal(g, 'vBc', campo, report, 'A base de cálculo (v_bc)');
    requireDecimal(g, taxa, campo, report, `A alíquota (p_${tax})`);
  }
  requireDecimal(g, valor, campo, report, `O valor (v_${tax})`);
}

/** II (group P): the import tax, for an import entry (CFOP 3xxx: the authority accepts the group only there). */
function refineIi(g: Members, campo: string, cfop: string | undefined, report: BodyReport): void {
  requireDecimal(g, 'vBc', campo, report, 'A base do II (v_bc)');
  requireDecimal(g, 'vDespAdu', campo, report, 'As despesas aduaneiras (v_desp_adu)');
  requireDecimal(g, 'vIi', campo, report, 'O valor do II (v_ii)');
  requireDecimal(g, 'vIof', campo, report, 'O valor do IOF (v_iof)');
  if (cfop !== undefined && !cfop.startsWith('3')) {
    report.add({
      codigo: 'formato_invalido',
      campo,
      mensagem: `O grupo ii (imposto de importação) só cabe em item de importação (CFOP 3xxx); o CFOP é ${cfop}.`,
      correcao: 'Remova ii ou use o CFOP de entrada de importação.',
    });
  }
}

/**
 * ICMSUFDest (group NA, the ICMS shared with the destination UF in an interstate sale to a final consumer outside
 * the ICMS, EC 87/2015; rejection 694 without it): the FCP of the destination UF is optional, and then whole.
 */
function refineIcmsUfDest(g: Members, campo: string, report: BodyReport): void {
  const comFcp = FCP_UF_DEST.some((k) => sent(g, k));
  requireDecimal(g, 'vBcUfDest', campo, report, 'A base do ICMS da UF de destino (v_bc_uf_dest)');
  if (comFcp)
    requireDecimal(g, 'vBcFcpUfDest', campo, report, 'Com FCP da UF de destino, a base dele (v_bc_fcp_uf_dest)');
  if (comFcp)
    requireDecimal(g, 'pFcpUfDest', campo, report, 'Com FCP da UF de destino, a alíquota dele (p_fcp_uf_dest)');
  requireDecimal(g, 'pIcmsUfDest', campo, report, 'A alíquota interna da UF de destino (p_icms_uf_dest)');
  requireMember(g, 'pIcmsInter', `${campo}/p_icms_inter`, report, 'A alíquota interestadual (p_icms_inter)');
  requireDecimal(
    g,
    'pIcmsInterPart',
    campo,
    report,
    'O percentual de partilha para a UF de destino (p_icms_inter_part)',
  );
  if (comFcp) requireDecimal(g, 'vFcpUfDest', campo, report, 'Com FCP da UF de destino, o valor dele (v_fcp_uf_dest)');
  requireDecimal(g, 'vIcmsUfDest', campo, report, 'O ICMS da UF de destino (v_icms_uf_dest)');
  requireDecimal(g, 'vIcmsUfRemet', campo, report, 'O ICMS da UF do remetente (v_icms_uf_remet)');
}
