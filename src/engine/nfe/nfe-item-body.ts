import * as v from 'valibot';
import { camelName as camel, snakeName } from '../nucleo/validation-issues-of.js';
import { issueMessage } from '../nucleo/issue-message.js';
import { objectMember, textMember, typeMember } from '../nfse/validacao/member-schemas.js';
import { ICMS_CAMPOS } from './icms-grupos.js';
import { MONO_MEMBROS } from './ibs-cbs-membros.js';
import {
  ALIQUOTA,
  PERCENTUAL,
  QUANTIDADE,
  QUANTIDADE_12,
  VALOR,
  VALOR_UNIDADE,
  VALOR_UNITARIO,
} from './nfe-decimal.js';
import { codeMemberOrInteger, decimalMember, patternMember } from './nfe-member.js';

/**
 * One item of the NF-e request and its tax groups. The inner members of the groups are the layout 4.00 tag
 * names (`vBC` → `v_bc`, `pICMS` → `p_icms`), camelCase here as in the GraphQL input. Which members a group's
 * CST requires, and which it does not carry, is the refine step's (refineNfeItem); the ICMS group depends on the
 * issuer's regime, so it is judged with the company (checkNfeBody).
 */

const aliquotaOuValor = (key: string) => decimalMember(key, key.startsWith('p_') ? ALIQUOTA : VALOR);
const nullish = <S extends v.GenericSchema>(s: S) => v.nullish(s);

/** An ICMS member: a decimal in its format, or a text whose code list or pattern the group decides. */
const icmsCampo = (key: string, formato: (typeof ICMS_CAMPOS)[keyof typeof ICMS_CAMPOS][1]) =>
  'inteiros' in formato ? decimalMember(key, formato) : v.pipe(v.string(typeMember('texto')), v.trim());

const icmsBody = objectMember({
  cst: nullish(textMember('O campo cst', { required: true })),
  csosn: nullish(textMember('O campo csosn', { required: true })),
  ...(Object.fromEntries(
    Object.entries(ICMS_CAMPOS).map(([k, [, f]]) => [camel(k), nullish(icmsCampo(k, f))]),
  ) as Record<string, v.NullishSchema<v.GenericSchema<unknown, string>, undefined>>),
});

const pis = objectMember({
  cst: nullish(textMember('O campo cst', { required: true })),
  vBc: nullish(decimalMember('v_bc', VALOR)),
  pPis: nullish(decimalMember('p_pis', ALIQUOTA)),
  qBcProd: nullish(decimalMember('q_bc_prod', QUANTIDADE_12)),
  vAliqProd: nullish(decimalMember('v_aliq_prod', QUANTIDADE)),
  vPis: nullish(decimalMember('v_pis', VALOR)),
});

const cofins = objectMember({
  cst: nullish(textMember('O campo cst', { required: true })),
  vBc: nullish(decimalMember('v_bc', VALOR)),
  pCofins: nullish(decimalMember('p_cofins', ALIQUOTA)),
  qBcProd: nullish(decimalMember('q_bc_prod', QUANTIDADE_12)),
  vAliqProd: nullish(decimalMember('v_aliq_prod', QUANTIDADE)),
  vCofins: nullish(decimalMember('v_cofins', VALOR)),
});

// TDec_1204 / TDec_1104 here (fixed 4 decimals), unlike the variable ones of PISOutr.
const pisSt = objectMember({
  vBc: nullish(decimalMember('v_bc', VALOR)),
  pPis: nullish(decimalMember('p_pis', ALIQUOTA)),
  qBcProd: nullish(decimalMember('q_bc_prod', QUANTIDADE_12)),
  vAliqProd: nullish(decimalMember('v_aliq_prod', VALOR_UNIDADE)),
  vPis: nullish(decimalMember('v_pis', VALOR)),
});

const cofinsSt = objectMember({
  vBc: nullish(decimalMember('v_bc', VALOR)),
  pCofins: nullish(decimalMember('p_cofins', ALIQUOTA)),
  qBcProd: nullish(decimalMember('q_bc_prod', QUANTIDADE_12)),
  vAliqProd: nullish(decimalMember('v_aliq_prod', VALOR_UNIDADE)),
  vCofins: nullish(decimalMember('v_cofins', VALOR)),
});

const ipi = objectMember({
  cEnq: nullish(patternMember('c_enq', /^\d{3}$/, 'Código de enquadramento (c_enq) com 3 dígitos', '"999"', true)),
  cst: nullish(textMember('O campo cst', { required: true })),
  vBc: nullish(decimalMember('v_bc', VALOR)),
  pIpi: nullish(decimalMember('p_ipi', ALIQUOTA)),
  qUnid: nullish(decimalMember('q_unid', QUANTIDADE_12)),
  vUnid: nullish(decimalMember('v_unid', VALOR_UNIDADE)),
  vIpi: nullish(decimalMember('v_ipi', VALOR)),
});

const ii = objectMember({
  vBc: nullish(decimalMember('v_bc', VALOR)),
  vDespAdu: nullish(decimalMember('v_desp_adu', VALOR)),
  vIi: nullish(decimalMember('v_ii', VALOR)),
  vIof: nullish(decimalMember('v_iof', VALOR)),
});

/** Interstate rates pICMSInter accepts (leiauteNFe_v4.00.xsd enumeration), written as the layout spells them. */
const P_ICMS_INTER = ['4.00', '7.00', '12.00'];
const interestadual = (s: string) => (/^\d{1,2}(\.\d{1,2})?$/.test(s) ? Number(s).toFixed(2) : null);

const icmsUfDest = objectMember({
  vBcUfDest: nullish(aliquotaOuValor('v_bc_uf_dest')),
  vBcFcpUfDest: nullish(aliquotaOuValor('v_bc_fcp_uf_dest')),
  pFcpUfDest: nullish(aliquotaOuValor('p_fcp_uf_dest')),
  pIcmsUfDest: nullish(aliquotaOuValor('p_icms_uf_dest')),
  pIcmsInter: nullish(
    v.pipe(
      textMember('O campo p_icms_inter', { required: true }),
      v.check(
        (s) => s === '' || P_ICMS_INTER.includes(interestadual(s) ?? ''),
        (i) => issueMessage(`Alíquota interestadual inválida: "${i.input}".`, 'Use 4, 7 ou 12 (por cento).'),
      ),
      v.transform((s) => interestadual(s) ?? s),
    ),
  ),
  pIcmsInterPart: nullish(aliquotaOuValor('p_icms_inter_part')),
  vFcpUfDest: nullish(aliquotaOuValor('v_fcp_uf_dest')),
  vIcmsUfDest: nullish(aliquotaOuValor('v_icms_uf_dest')),
  vIcmsUfRemet: nullish(aliquotaOuValor('v_icms_uf_remet')),
});

/**
 * gIBSCBSMono's members: quantities in 4 decimals (TDec1104RTC), ad rem rates and deferral percentages as rates
 * (TDec_0302_04RTC), amounts as money.
 */
const membrosMono = Object.fromEntries(
  Object.values(MONO_MEMBROS)
    .flat()
    .map(([k]) => {
      const nome = snakeName(k);
      const formato = nome.startsWith('q_') ? VALOR_UNIDADE : nome.startsWith('p_dif') ? PERCENTUAL : ALIQUOTA;
      return [k, nullish(nome.startsWith('v_') ? decimalMember(nome, VALOR) : decimalMember(nome, formato))];
    }),
) as Record<string, v.NullishSchema<v.GenericSchema<unknown, string>, undefined>>;

const ibsCbs = objectMember({
  cst: nullish(patternMember('cst', /^\d{3}$/, 'CST do IBS/CBS com 3 dígitos', '"000"', true)),
  cClassTrib: nullish(
    patternMember('c_class_trib', /^\d{6}$/, 'Classificação tributária (c_class_trib) com 6 dígitos', '"000001"', true),
  ),
  vBc: nullish(aliquotaOuValor('v_bc')),
  pIbsUf: nullish(aliquotaOuValor('p_ibs_uf')),
  vIbsUf: nullish(aliquotaOuValor('v_ibs_uf')),
  pIbsMun: nullish(aliquotaOuValor('p_ibs_mun')),
  vIbsMun: nullish(aliquotaOuValor('v_ibs_mun')),
  pCbs: nullish(aliquotaOuValor('p_cbs')),
  vCbs: nullish(aliquotaOuValor('v_cbs')),
  vIbs: nullish(decimalMember('v_ibs', VALOR)),
  pRedIbsUf: nullish(decimalMember('p_red_ibs_uf', ALIQUOTA)),
  pAliqEfetIbsUf: nullish(decimalMember('p_aliq_efet_ibs_uf', ALIQUOTA)),
  pRedIbsMun: nullish(decimalMember('p_red_ibs_mun', ALIQUOTA)),
  pAliqEfetIbsMun: nullish(decimalMember('p_aliq_efet_ibs_mun', ALIQUOTA)),
  pRedCbs: nullish(decimalMember('p_red_cbs', ALIQUOTA)),
  pAliqEfetCbs: nullish(decimalMember('p_aliq_efet_cbs', ALIQUOTA)),
  pDifIbsUf: nullish(aliquotaOuValor('p_dif_ibs_uf')),
  vDifIbsUf: nullish(aliquotaOuValor('v_dif_ibs_uf')),
  pDifIbsMun: nullish(aliquotaOuValor('p_dif_ibs_mun')),
  vDifIbsMun: nullish(aliquotaOuValor('v_dif_ibs_mun')),
  pDifCbs: nullish(aliquotaOuValor('p_dif_cbs')),
  vDifCbs: nullish(aliquotaOuValor('v_dif_cbs')),
  cstReg: nullish(patternMember('cst_reg', /^\d{3}$/, 'CST da tributação regular com 3 dígitos', '"000"', true)),
  cClassTribReg: nullish(
    patternMember('c_class_trib_reg', /^\d{6}$/, 'cClassTrib da tributação regular com 6 dígitos', '"000001"', true),
  ),
  pAliqEfetRegIbsUf: nullish(aliquotaOuValor('p_aliq_efet_reg_ibs_uf')),
  vTribRegIbsUf: nullish(aliquotaOuValor('v_trib_reg_ibs_uf')),
  pAliqEfetRegIbsMun: nullish(aliquotaOuValor('p_aliq_efet_reg_ibs_mun')),
  vTribRegIbsMun: nullish(aliquotaOuValor('v_trib_reg_ibs_mun')),
  pAliqEfetRegCbs: nullish(aliquotaOuValor('p_aliq_efet_reg_cbs')),
  vTribRegCbs: nullish(aliquotaOuValor('v_trib_reg_cbs')),
  ...membrosMono,
});

/** Imposto Seletivo (group UB01 `IS`, from 2027), ad valorem. */
const impostoSeletivo = objectMember({
  cstIs: nullish(patternMember('cst_is', /^\d{3}$/, 'CST do Imposto Seletivo com 3 dígitos', '"000"', true)),
  cClassTribIs: nullish(
    patternMember('c_class_trib_is', /^\d{6}$/, 'cClassTrib do Imposto Seletivo com 6 dígitos', '"000001"', true),
  ),
  vBcIs: nullish(aliquotaOuValor('v_bc_is')),
  pIs: nullish(aliquotaOuValor('p_is')),
  vIs: nullish(aliquotaOuValor('v_is')),
});

/** The amounts a line carries in every mode. */
const valores = {
  desconto: nullish(decimalMember('desconto', VALOR)),
  frete: nullish(decimalMember('frete', VALOR)),
  seguro: nullish(decimalMember('seguro', VALOR)),
  outrasDespesas: nullish(decimalMember('outras_despesas', VALOR)),
};

/** An item of `informado` and `conferir`: the product's codes, the amounts and every tax group as calculated. */
export const nfeItemBody = objectMember({
  codigo: nullish(textMember('O campo codigo', { max: 60, required: true })),
  descricao: nullish(textMember('O campo descricao', { max: 120, required: true })),
  ncm: nullish(patternMember('ncm', /^(\d{8}|00)$/, 'NCM com 8 dígitos', '"84713012"', true)),
  cfop: nullish(
    patternMember('cfop', /^[123567]\d{3}$/, 'CFOP com 4 dígitos, iniciando em 1, 2, 3, 5, 6 ou 7', '"5102"', true),
  ),
  origem: nullish(codeMemberOrInteger('origem', /^[0-8]$/, 'Origem da mercadoria de 0 a 8', '"0"')),
  unidade: nullish(textMember('O campo unidade', { max: 6, required: true })),
  quantidade: nullish(decimalMember('quantidade', QUANTIDADE)),
  valorUnitario: nullish(decimalMember('valor_unitario', VALOR_UNITARIO)),
  gtin: nullish(patternMember('gtin', /^(\d{8}|\d{12,14})$/, 'GTIN com 8, 12, 13 ou 14 dígitos', '"7891000100103"')),
  cest: nullish(patternMember('cest', /^\d{7}$/, 'CEST com 7 dígitos', '"2104700"')),
  cBenef: nullish(
    v.pipe(
      v.string(typeMember('texto')),
      v.check(
        (s) => /^([!-ÿ]{8}|[!-ÿ]{10}|SEM CBENEF)$/.test(s),
        (i) =>
          issueMessage(
            `Código de benefício fiscal (c_benef) inválido: "${i.input}".`,
            'Informe o código da tabela cBenef da UF, com 8 ou 10 caracteres, ou "SEM CBENEF" onde a UF o aceita.',
          ),
      ),
    ),
  ),
  ...valores,
  icms: nullish(icmsBody),
  pis: nullish(pis),
  cofins: nullish(cofins),
  ipi: nullish(ipi),
  ii: nullish(ii),
  pisSt: nullish(pisSt),
  cofinsSt: nullish(cofinsSt),
  icmsUfDest: nullish(icmsUfDest),
  ibsCbs: nullish(ibsCbs),
  is: nullish(impostoSeletivo),
});

/** An item of `calcular`: the catalogue product and the line's amounts; the service computes the rest. */
export const nfeItemBodyCalcular = objectMember({
  produto: nullish(textMember('O campo produto', { max: 60, required: true })),
  quantidade: nullish(decimalMember('quantidade', QUANTIDADE)),
  valorUnitario: nullish(decimalMember('valor_unitario', VALOR_UNITARIO)),
  ...valores,
});

/** Every member an item may carry in some mode: the typed shape the engine reads (GraphQL `NfeItemInput`). */
export const nfeItemBodyMembers = objectMember({
  produto: nfeItemBodyCalcular.entries.produto,
  ...nfeItemBody.entries,
});

export type NfeItemBody = v.InferOutput<typeof nfeItemBodyMembers>;
