import { Decimal } from 'decimal.js';
import { Coletor, lerObjeto, lerTexto, presente, ptr, type Objeto } from '../nucleo/coletor.js';
import { nfeAjuste, type NfeAjuste } from './nfe-ajuste.js';
import { ALIQUOTA, QUANTIDADE, QUANTIDADE_12, VALOR, VALOR_UNIDADE } from './nfe-decimal.js';
import { lerDecimal, lerPadrao } from './ler-campos.js';
import type { NfeIbsCbs, NfeIi, NfeIpi, NfePisCofins, NfePisCofinsSt } from './nfe-request.js';

const PIS_ALIQ = ['01', '02'];
const PIS_QTDE = ['03'];
const PIS_NT = ['04', '05', '06', '07', '08', '09'];
const PIS_OUTR = ['49', '50', '51', '52', '53', '54', '55', '56', '60', '61', '62', '63', '64', '65', '66', '67', '70', '71', '72', '73', '74', '75', '98', '99'];
const IPI_TRIB = ['00', '49', '50', '99'];
const IPI_NT = ['01', '02', '03', '04', '05', '51', '52', '53', '54', '55'];

/** Members sent that the chosen layout group does not carry: the authority would refuse the XML, so we name them. */
function foraDoGrupo(g: Objeto, campo: string, aceitos: readonly string[], grupo: string, c: Coletor): void {
  for (const k of Object.keys(g)) {
    if (!aceitos.includes(k) && presente(g, k)) {
      c.add('campo_desconhecido', ptr(campo, k), `O campo ${k} não faz parte do grupo ${grupo}.`, `Remova-o. Campos do grupo: ${aceitos.join(', ')}.`);
    }
  }
}

/**
 * PIS or COFINS (layout groups PISAliq, PISQtde, PISNT, PISOutr and their COFINS twins), chosen by the CST.
 * PISOutr takes base × rate or quantity × value per unit, never both.
 */
export function lerPisCofins(it: Objeto, key: 'pis' | 'cofins', base: string, c: Coletor): NfePisCofins | undefined {
  const campo = `${base}/${key}`;
  const TAX = key.toUpperCase();
  if (!presente(it, key)) {
    c.obrigatorio(campo, `O grupo ${key}`);
    return undefined;
  }
  const taxa = `p_${key}`;
  const valor = `v_${key}`;
  const g = lerObjeto(it[key], campo, ['cst', 'v_bc', taxa, 'q_bc_prod', 'v_aliq_prod', valor], c);
  if (!g) return undefined;
  const cst = lerTexto(g, 'cst', `${campo}/cst`, c, { obrigatorio: `O CST do ${TAX}` });
  if (cst === undefined) return undefined;
  const antes = c.issues.length;
  let porQuantidade: boolean;
  if (PIS_NT.includes(cst)) {
    foraDoGrupo(g, campo, ['cst'], `${TAX}NT`, c);
    return c.issues.length > antes ? undefined : { cst };
  } else if (PIS_ALIQ.includes(cst) || PIS_QTDE.includes(cst)) {
    porQuantidade = PIS_QTDE.includes(cst);
    const grupo = `${TAX}${porQuantidade ? 'Qtde' : 'Aliq'}`;
    foraDoGrupo(g, campo, porQuantidade ? ['cst', 'q_bc_prod', 'v_aliq_prod', valor] : ['cst', 'v_bc', taxa, valor], grupo, c);
  } else if (PIS_OUTR.includes(cst)) {
    porQuantidade = presente(g, 'q_bc_prod') || presente(g, 'v_aliq_prod');
    if (porQuantidade && (presente(g, 'v_bc') || presente(g, taxa))) {
      c.formato(campo, `${TAX}Outr leva base e alíquota (v_bc, ${taxa}) ou quantidade e valor por unidade (q_bc_prod, v_aliq_prod), não os dois.`,
        'Envie só uma das formas de cálculo.');
    }
  } else {
    c.formato(`${campo}/cst`, `CST ${cst} do ${TAX} desconhecido.`, `Use um de: ${[...PIS_ALIQ, ...PIS_QTDE, ...PIS_NT, ...PIS_OUTR].join(', ')}.`);
    return undefined;
  }
  const out: NfePisCofins = porQuantidade
    ? {
        cst,
        q_bc_prod: lerDecimal(g, 'q_bc_prod', `${campo}/q_bc_prod`, c, QUANTIDADE_12, 'A quantidade tributada (q_bc_prod)'),
        v_aliq_prod: lerDecimal(g, 'v_aliq_prod', `${campo}/v_aliq_prod`, c, QUANTIDADE, 'O valor por unidade (v_aliq_prod)'),
      }
    : {
        cst,
        v_bc: lerDecimal(g, 'v_bc', `${campo}/v_bc`, c, VALOR, 'A base de cálculo (v_bc)'),
        aliquota: lerDecimal(g, taxa, `${campo}/${taxa}`, c, ALIQUOTA, `A alíquota (${taxa})`),
      };
  out.valor = lerDecimal(g, valor, `${campo}/${valor}`, c, VALOR, `O valor (${valor})`);
  return c.issues.length > antes ? undefined : out;
}

/** IPI (TIpi): IPITrib by base × rate or units × value per unit, IPINT by the CST. Null when invalid. */
export function lerIpi(v: unknown, campo: string, c: Coletor): NfeIpi | null {
  const g = lerObjeto(v, campo, ['c_enq', 'cst', 'v_bc', 'p_ipi', 'q_unid', 'v_unid', 'v_ipi'], c);
  if (!g) return null;
  const antes = c.issues.length;
  const cEnq = lerPadrao(g, 'c_enq', `${campo}/c_enq`, /^\d{3}$/, 'Código de enquadramento (c_enq) com 3 dígitos', '"999"', c, true);
  const cst = lerTexto(g, 'cst', `${campo}/cst`, c, { obrigatorio: 'O CST do IPI' });
  if (cst === undefined) return null;
  if (IPI_NT.includes(cst)) {
    foraDoGrupo(g, campo, ['c_enq', 'cst'], 'IPINT', c);
    return c.issues.length > antes || !cEnq ? null : { c_enq: cEnq, cst };
  }
  if (!IPI_TRIB.includes(cst)) {
    c.formato(`${campo}/cst`, `CST ${cst} do IPI desconhecido.`, `Use um de: ${[...IPI_TRIB, ...IPI_NT].join(', ')}.`);
    return null;
  }
  const porUnidade = presente(g, 'q_unid') || presente(g, 'v_unid');
  if (porUnidade && (presente(g, 'v_bc') || presente(g, 'p_ipi'))) {
    c.formato(campo, 'IPITrib leva base e alíquota (v_bc, p_ipi) ou unidades e valor por unidade (q_unid, v_unid), não os dois.', 'Envie só uma das formas de cálculo.');
  }
  const out: NfeIpi = porUnidade
    ? {
        c_enq: cEnq!, cst,
        q_unid: lerDecimal(g, 'q_unid', `${campo}/q_unid`, c, QUANTIDADE_12, 'A quantidade tributada (q_unid)'),
        v_unid: lerDecimal(g, 'v_unid', `${campo}/v_unid`, c, VALOR_UNIDADE, 'O valor por unidade (v_unid)'),
      }
    : {
        c_enq: cEnq!, cst,
        v_bc: lerDecimal(g, 'v_bc', `${campo}/v_bc`, c, VALOR, 'A base de cálculo (v_bc)'),
        p_ipi: lerDecimal(g, 'p_ipi', `${campo}/p_ipi`, c, ALIQUOTA, 'A alíquota (p_ipi)'),
      };
  out.v_ipi = lerDecimal(g, 'v_ipi', `${campo}/v_ipi`, c, VALOR, 'O valor do IPI (v_ipi)');
  return c.issues.length > antes ? null : out;
}

/**
 * PISST or COFINSST (groups R and T: PIS/COFINS withheld by substitution): base × rate (v_bc, p_pis/p_cofins)
 * or quantity × value per unit (q_bc_prod, v_aliq_prod), never both, and the value. indSomaPISST/indSomaCOFINSST
 * are not accepted (left out: the value does not enter vNF). Null when invalid.
 */
export function lerPisCofinsSt(v: unknown, key: 'pis_st' | 'cofins_st', campo: string, c: Coletor): NfePisCofinsSt | null {
  const tax = key === 'pis_st' ? 'pis' : 'cofins';
  const [taxa, valor] = [`p_${tax}`, `v_${tax}`];
  const g = lerObjeto(v, campo, ['v_bc', taxa, 'q_bc_prod', 'v_aliq_prod', valor], c);
  if (!g) return null;
  const antes = c.issues.length;
  const porQuantidade = presente(g, 'q_bc_prod') || presente(g, 'v_aliq_prod');
  if (porQuantidade && (presente(g, 'v_bc') || presente(g, taxa))) {
    c.formato(campo, `${key} leva base e alíquota (v_bc, ${taxa}) ou quantidade e valor por unidade (q_bc_prod, v_aliq_prod), não os dois.`, 'Envie só uma das formas de cálculo.');
  }
  // TDec_1204 / TDec_1104 here (fixed 4 decimals), unlike the variable ones of PISOutr.
  const out: Partial<NfePisCofinsSt> = porQuantidade
    ? { q_bc_prod: lerDecimal(g, 'q_bc_prod', `${campo}/q_bc_prod`, c, QUANTIDADE_12, 'A quantidade tributada (q_bc_prod)'),
        v_aliq_prod: lerDecimal(g, 'v_aliq_prod', `${campo}/v_aliq_prod`, c, VALOR_UNIDADE, 'O valor por unidade (v_aliq_prod)') }
    : { v_bc: lerDecimal(g, 'v_bc', `${campo}/v_bc`, c, VALOR, 'A base de cálculo (v_bc)'),
        aliquota: lerDecimal(g, taxa, `${campo}/${taxa}`, c, ALIQUOTA, `A alíquota (${taxa})`) };
  out.valor = lerDecimal(g, valor, `${campo}/${valor}`, c, VALOR, `O valor (${valor})`);
  return c.issues.length > antes ? null : (out as NfePisCofinsSt);
}

/**
 * II (group P): the import tax, for an import entry (CFOP 3xxx: the authority accepts the group only there).
 * Every member is required by the layout. Null when invalid.
 */
export function lerIi(v: unknown, campo: string, cfop: string | undefined, c: Coletor): NfeIi | null {
  const g = lerObjeto(v, campo, ['v_bc', 'v_desp_adu', 'v_ii', 'v_iof'], c);
  if (!g) return null;
  const antes = c.issues.length;
  const out = {
    v_bc: lerDecimal(g, 'v_bc', `${campo}/v_bc`, c, VALOR, 'A base do II (v_bc)'),
    v_desp_adu: lerDecimal(g, 'v_desp_adu', `${campo}/v_desp_adu`, c, VALOR, 'As despesas aduaneiras (v_desp_adu)'),
    v_ii: lerDecimal(g, 'v_ii', `${campo}/v_ii`, c, VALOR, 'O valor do II (v_ii)'),
    v_iof: lerDecimal(g, 'v_iof', `${campo}/v_iof`, c, VALOR, 'O valor do IOF (v_iof)'),
  };
  if (cfop !== undefined && !cfop.startsWith('3')) {
    c.formato(campo, `O grupo ii (imposto de importação) só cabe em item de importação (CFOP 3xxx); o CFOP é ${cfop}.`, 'Remova ii ou use o CFOP de entrada de importação.');
  }
  return c.issues.length > antes ? null : (out as NfeIi);
}

const GIBSCBS = ['v_bc', 'p_ibs_uf', 'v_ibs_uf', 'p_ibs_mun', 'v_ibs_mun', 'p_cbs', 'v_cbs'] as const;
/** gRed of each part (pRedAliq, pAliqEfet): optional, and whole when sent. */
const GRED = [['p_red_ibs_uf', 'p_aliq_efet_ibs_uf'], ['p_red_ibs_mun', 'p_aliq_efet_ibs_mun'], ['p_red_cbs', 'p_aliq_efet_cbs']] as const;

/**
 * IBS/CBS as already calculated (group UB of NT 2025.002): CST and cClassTrib, and gIBSCBS when any of its
 * amounts is sent, then whole. vIBS is the state part plus the municipal part: derived when absent
 * (nfe_ibs_soma_uf_municipio), checked when sent. Null when invalid.
 */
export function lerIbsCbs(v: unknown, campo: string, c: Coletor, ajustes: NfeAjuste[]): NfeIbsCbs | null {
  const g = lerObjeto(v, campo, ['cst', 'c_class_trib', ...GIBSCBS, 'v_ibs', ...GRED.flat()], c);
  if (!g) return null;
  const antes = c.issues.length;
  const cst = lerPadrao(g, 'cst', `${campo}/cst`, /^\d{3}$/, 'CST do IBS/CBS com 3 dígitos', '"000"', c, true);
  const cClassTrib = lerPadrao(g, 'c_class_trib', `${campo}/c_class_trib`, /^\d{6}$/, 'Classificação tributária (c_class_trib) com 6 dígitos', '"000001"', c, true);
  if (![...GIBSCBS, 'v_ibs'].some((k) => presente(g, k))) return c.issues.length > antes ? null : { cst: cst!, c_class_trib: cClassTrib! };
  const ler = (k: (typeof GIBSCBS)[number], oque: string) => lerDecimal(g, k, `${campo}/${k}`, c, k.startsWith('p_') ? ALIQUOTA : VALOR, oque);
  const out: NfeIbsCbs = {
    cst: cst!,
    c_class_trib: cClassTrib!,
    v_bc: ler('v_bc', 'A base de cálculo do IBS/CBS (v_bc)'),
    p_ibs_uf: ler('p_ibs_uf', 'A alíquota do IBS estadual (p_ibs_uf)'),
    v_ibs_uf: ler('v_ibs_uf', 'O valor do IBS estadual (v_ibs_uf)'),
    p_ibs_mun: ler('p_ibs_mun', 'A alíquota do IBS municipal (p_ibs_mun)'),
    v_ibs_mun: ler('v_ibs_mun', 'O valor do IBS municipal (v_ibs_mun)'),
    p_cbs: ler('p_cbs', 'A alíquota da CBS (p_cbs)'),
    v_cbs: ler('v_cbs', 'O valor da CBS (v_cbs)'),
  };
  for (const par of GRED) {
    if (!par.some((k) => presente(g, k))) continue;
    for (const k of par) {
      const valor = lerDecimal(g, k, `${campo}/${k}`, c, ALIQUOTA, `O campo ${k} do grupo gRed`);
      if (valor !== undefined) out[k] = valor;
    }
  }
  const enviado = lerDecimal(g, 'v_ibs', `${campo}/v_ibs`, c, VALOR, undefined);
  if (c.issues.length > antes) return null;
  const somado = new Decimal(out.v_ibs_uf!).plus(out.v_ibs_mun!).toFixed(2);
  if (enviado === undefined) ajustes.push(nfeAjuste('nfe_ibs_soma_uf_municipio', `${campo}/v_ibs`));
  else if (!new Decimal(enviado).eq(somado)) {
    c.formato(`${campo}/v_ibs`, `v_ibs ${enviado} difere da soma do IBS estadual e municipal (${somado}).`, 'Corrija v_ibs ou omita-o para o serviço somar.');
    return null;
  }
  return { ...out, v_ibs: somado };
}
