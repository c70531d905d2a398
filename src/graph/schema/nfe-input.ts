import { ICMS_CAMPOS } from '../../engine/nfe/icms-grupos.js';
import { TOTAIS_INFORMADOS } from '../../engine/nfe/sum-totais.js';
import { builder } from '../builder.js';

// Typed forms of the NF-e issuance body, camelCase of its members. Every member is optional and leaves
// hold any string: the engine's validator judges presence and format, so GraphQL and REST report the same codes,
// campo pointers and messages, all at once. Tax groups follow the NF-e 4.00 layout's tag names in snake_case
// (vBC → v_bc in REST, vBc here; pICMS → p_icms / pIcms), so a reader of the MOC finds each member.

const NfeEnderecoInput = builder.inputType('NfeEnderecoInput', {
  fields: (t) => ({
    logradouro: t.string(),
    numero: t.string(),
    complemento: t.string(),
    bairro: t.string(),
    municipio: t.string({ description: 'IBGE code, 7 digits.' }),
    cep: t.string(),
  }),
});

const NfeDestinatarioInput = builder.inputType('NfeDestinatarioInput', {
  fields: (t) => ({
    documento: t.string({ description: 'CPF or CNPJ.' }),
    nome: t.string(),
    contribuinte: t.string({ description: 'contribuinte, isento or nao_contribuinte (indIEDest).' }),
    inscricaoEstadual: t.string(),
    email: t.string(),
    endereco: t.field({ type: NfeEnderecoInput }),
  }),
});

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

// Generated from the engine's table of ICMS groups, so every member of every group (ICMS00 … ICMSSN900) is here
// once, described by its layout tag.
const NfeIcmsInput = builder.inputType('NfeIcmsInput', {
  description:
    'ICMS group of layout 4.00: cst (regime normal) or csosn (Simples Nacional) and the members of its group ' +
    '(ICMS00 … ICMS90, ICMSPart when ufSt is sent, ICMSST when vBcStDest is sent, ICMSSN101 … ICMSSN900). Decimal strings.',
  fields: (t) => ({
    cst: t.string({ description: 'CST: 00, 02, 10, 15, 20, 30, 40, 41, 50, 51, 53, 60, 61, 70, 90.' }),
    csosn: t.string({ description: 'CSOSN: 101, 102, 103, 201, 202, 203, 300, 400, 500, 900.' }),
    ...Object.fromEntries(
      Object.entries(ICMS_CAMPOS).map(([snake, [tag]]) => [
        camel(snake),
        t.field({ type: 'Decimal', description: tag }),
      ]),
    ),
  }),
});

const NfePisInput = builder.inputType('NfePisInput', {
  description: 'PIS group (layout 4.00: PISAliq, PISQtde, PISNT or PISOutr by the CST).',
  fields: (t) => ({
    cst: t.string(),
    vBc: t.field({ type: 'Decimal', description: 'vBC' }),
    pPis: t.field({ type: 'Decimal', description: 'pPIS' }),
    qBcProd: t.field({ type: 'Decimal', description: 'qBCProd' }),
    vAliqProd: t.field({ type: 'Decimal', description: 'vAliqProd' }),
    vPis: t.field({ type: 'Decimal', description: 'vPIS' }),
  }),
});

const NfeCofinsInput = builder.inputType('NfeCofinsInput', {
  description: 'COFINS group (layout 4.00: COFINSAliq, COFINSQtde, COFINSNT or COFINSOutr by the CST).',
  fields: (t) => ({
    cst: t.string(),
    vBc: t.field({ type: 'Decimal', description: 'vBC' }),
    pCofins: t.field({ type: 'Decimal', description: 'pCOFINS' }),
    qBcProd: t.field({ type: 'Decimal', description: 'qBCProd' }),
    vAliqProd: t.field({ type: 'Decimal', description: 'vAliqProd' }),
    vCofins: t.field({ type: 'Decimal', description: 'vCOFINS' }),
  }),
});

const NfePisStInput = builder.inputType('NfePisStInput', {
  description: 'PISST (layout 4.00 group R): vBC × pPIS or qBCProd × vAliqProd, and vPIS.',
  fields: (t) => ({
    vBc: t.field({ type: 'Decimal', description: 'vBC' }),
    pPis: t.field({ type: 'Decimal', description: 'pPIS' }),
    qBcProd: t.field({ type: 'Decimal', description: 'qBCProd' }),
    vAliqProd: t.field({ type: 'Decimal', description: 'vAliqProd' }),
    vPis: t.field({ type: 'Decimal', description: 'vPIS' }),
  }),
});

const NfeCofinsStInput = builder.inputType('NfeCofinsStInput', {
  description: 'COFINSST (layout 4.00 group T): vBC × pCOFINS or qBCProd × vAliqProd, and vCOFINS.',
  fields: (t) => ({
    vBc: t.field({ type: 'Decimal', description: 'vBC' }),
    pCofins: t.field({ type: 'Decimal', description: 'pCOFINS' }),
    qBcProd: t.field({ type: 'Decimal', description: 'qBCProd' }),
    vAliqProd: t.field({ type: 'Decimal', description: 'vAliqProd' }),
    vCofins: t.field({ type: 'Decimal', description: 'vCOFINS' }),
  }),
});

const NfeIiInput = builder.inputType('NfeIiInput', {
  description: 'II (layout 4.00 group P), import items (CFOP 3xxx) only: vBC, vDespAdu, vII, vIOF, all required.',
  fields: (t) => ({
    vBc: t.field({ type: 'Decimal', description: 'vBC' }),
    vDespAdu: t.field({ type: 'Decimal', description: 'vDespAdu' }),
    vIi: t.field({ type: 'Decimal', description: 'vII' }),
    vIof: t.field({ type: 'Decimal', description: 'vIOF' }),
  }),
});

const NfeIcmsUfDestInput = builder.inputType('NfeIcmsUfDestInput', {
  description:
    'ICMSUFDest (layout 4.00 group NA): ICMS shared with the destination UF in interstate sales to final consumers outside the ICMS.',
  fields: (t) => ({
    vBcUfDest: t.field({ type: 'Decimal', description: 'vBCUFDest' }),
    vBcFcpUfDest: t.field({ type: 'Decimal', description: 'vBCFCPUFDest' }),
    pFcpUfDest: t.field({ type: 'Decimal', description: 'pFCPUFDest' }),
    pIcmsUfDest: t.field({ type: 'Decimal', description: 'pICMSUFDest' }),
    pIcmsInter: t.field({ type: 'Decimal', description: 'pICMSInter: 4, 7 or 12' }),
    pIcmsInterPart: t.field({ type: 'Decimal', description: 'pICMSInterPart' }),
    vFcpUfDest: t.field({ type: 'Decimal', description: 'vFCPUFDest' }),
    vIcmsUfDest: t.field({ type: 'Decimal', description: 'vICMSUFDest' }),
    vIcmsUfRemet: t.field({ type: 'Decimal', description: 'vICMSUFRemet' }),
  }),
});

const NfeIpiInput = builder.inputType('NfeIpiInput', {
  description:
    'IPI group (layout 4.00 TIpi: cEnq, CST; IPITrib by vBC × pIPI or qUnid × vUnid, with vIPI; IPINT by the CST).',
  fields: (t) => ({
    cEnq: t.string(),
    cst: t.string(),
    vBc: t.field({ type: 'Decimal', description: 'vBC' }),
    pIpi: t.field({ type: 'Decimal', description: 'pIPI' }),
    qUnid: t.field({ type: 'Decimal', description: 'qUnid' }),
    vUnid: t.field({ type: 'Decimal', description: 'vUnid' }),
    vIpi: t.field({ type: 'Decimal', description: 'vIPI' }),
  }),
});

const NfeIbsCbsInput = builder.inputType('NfeIbsCbsInput', {
  description:
    'IBS/CBS already calculated (NT 2025.002, IBSCBS): CST, cClassTrib and, when taxed, the gIBSCBS amounts, or for ' +
    'a monophasic code (CST 620) the gIBSCBSMono subgroups its cClassTrib asks for. ' +
    'vIbs, when sent, must equal vIbsUf + vIbsMun; omitted, it is that sum.',
  fields: (t) => ({
    cst: t.string({ description: 'CST, 3 digits.' }),
    cClassTrib: t.string({ description: 'cClassTrib, 6 digits.' }),
    vBc: t.field({ type: 'Decimal', description: 'vBC' }),
    pIbsUf: t.field({ type: 'Decimal', description: 'pIBSUF' }),
    vIbsUf: t.field({ type: 'Decimal', description: 'vIBSUF' }),
    pIbsMun: t.field({ type: 'Decimal', description: 'pIBSMun' }),
    vIbsMun: t.field({ type: 'Decimal', description: 'vIBSMun' }),
    vIbs: t.field({ type: 'Decimal', description: 'vIBS' }),
    pCbs: t.field({ type: 'Decimal', description: 'pCBS' }),
    vCbs: t.field({ type: 'Decimal', description: 'vCBS' }),
    pRedIbsUf: t.field({ type: 'Decimal', description: 'gIBSUF/gRed/pRedAliq' }),
    pAliqEfetIbsUf: t.field({ type: 'Decimal', description: 'gIBSUF/gRed/pAliqEfet' }),
    pRedIbsMun: t.field({ type: 'Decimal', description: 'gIBSMun/gRed/pRedAliq' }),
    pAliqEfetIbsMun: t.field({ type: 'Decimal', description: 'gIBSMun/gRed/pAliqEfet' }),
    pRedCbs: t.field({ type: 'Decimal', description: 'gCBS/gRed/pRedAliq' }),
    pAliqEfetCbs: t.field({ type: 'Decimal', description: 'gCBS/gRed/pAliqEfet' }),
    pDifIbsUf: t.field({ type: 'Decimal', description: 'gIBSUF/gDif/pDif (CST 510, 515)' }),
    vDifIbsUf: t.field({ type: 'Decimal', description: 'gIBSUF/gDif/vDif' }),
    pDifIbsMun: t.field({ type: 'Decimal', description: 'gIBSMun/gDif/pDif' }),
    vDifIbsMun: t.field({ type: 'Decimal', description: 'gIBSMun/gDif/vDif' }),
    pDifCbs: t.field({ type: 'Decimal', description: 'gCBS/gDif/pDif' }),
    vDifCbs: t.field({ type: 'Decimal', description: 'gCBS/gDif/vDif' }),
    cstReg: t.string({ description: 'gTribRegular/CSTReg (cClassTrib 550xxx, 200022, 200024)' }),
    cClassTribReg: t.string({ description: 'gTribRegular/cClassTribReg' }),
    pAliqEfetRegIbsUf: t.field({ type: 'Decimal', description: 'gTribRegular/pAliqEfetRegIBSUF' }),
    vTribRegIbsUf: t.field({ type: 'Decimal', description: 'gTribRegular/vTribRegIBSUF' }),
    pAliqEfetRegIbsMun: t.field({ type: 'Decimal', description: 'gTribRegular/pAliqEfetRegIBSMun' }),
    vTribRegIbsMun: t.field({ type: 'Decimal', description: 'gTribRegular/vTribRegIBSMun' }),
    pAliqEfetRegCbs: t.field({ type: 'Decimal', description: 'gTribRegular/pAliqEfetRegCBS' }),
    vTribRegCbs: t.field({ type: 'Decimal', description: 'gTribRegular/vTribRegCBS' }),
    qBcMono: t.field({ type: 'Decimal', description: 'gIBSCBSMono/gMonoPadrao/qBCMono (CST 620)' }),
    adRemIbs: t.field({ type: 'Decimal', description: 'gMonoPadrao/adRemIBS (reais per unit)' }),
    adRemCbs: t.field({ type: 'Decimal', description: 'gMonoPadrao/adRemCBS (reais per unit)' }),
    vIbsMono: t.field({ type: 'Decimal', description: 'gMonoPadrao/vIBSMono' }),
    vCbsMono: t.field({ type: 'Decimal', description: 'gMonoPadrao/vCBSMono' }),
    qBcMonoReten: t.field({ type: 'Decimal', description: 'gMonoReten/qBCMonoReten' }),
    adRemIbsReten: t.field({ type: 'Decimal', description: 'gMonoReten/adRemIBSReten' }),
    vIbsMonoReten: t.field({ type: 'Decimal', description: 'gMonoReten/vIBSMonoReten' }),
    adRemCbsReten: t.field({ type: 'Decimal', description: 'gMonoReten/adRemCBSReten' }),
    vCbsMonoReten: t.field({ type: 'Decimal', description: 'gMonoReten/vCBSMonoReten' }),
    qBcMonoRet: t.field({ type: 'Decimal', description: 'gMonoRet/qBCMonoRet' }),
    adRemIbsRet: t.field({ type: 'Decimal', description: 'gMonoRet/adRemIBSRet' }),
    vIbsMonoRet: t.field({ type: 'Decimal', description: 'gMonoRet/vIBSMonoRet' }),
    adRemCbsRet: t.field({ type: 'Decimal', description: 'gMonoRet/adRemCBSRet' }),
    vCbsMonoRet: t.field({ type: 'Decimal', description: 'gMonoRet/vCBSMonoRet' }),
    pDifIbsMono: t.field({ type: 'Decimal', description: 'gMonoDif/pDifIBS' }),
    vIbsMonoDif: t.field({ type: 'Decimal', description: 'gMonoDif/vIBSMonoDif' }),
    pDifCbsMono: t.field({ type: 'Decimal', description: 'gMonoDif/pDifCBS' }),
    vCbsMonoDif: t.field({ type: 'Decimal', description: 'gMonoDif/vCBSMonoDif' }),
    vTotIbsMonoItem: t.field({
      type: 'Decimal',
      description: 'gIBSCBSMono/vTotIBSMonoItem: vIbsMono + vIbsMonoReten − vIbsMonoDif; omitted, that sum.',
    }),
    vTotCbsMonoItem: t.field({
      type: 'Decimal',
      description: 'gIBSCBSMono/vTotCBSMonoItem: vCbsMono + vCbsMonoReten − vCbsMonoDif; omitted, that sum.',
    }),
  }),
});

const NfeIsInput = builder.inputType('NfeIsInput', {
  description: 'Imposto Seletivo (NT 2025.002, IS), from 2027, ad valorem: every field required.',
  fields: (t) => ({
    cstIs: t.string({ description: 'CSTIS, 3 digits.' }),
    cClassTribIs: t.string({ description: 'cClassTribIS, 6 digits.' }),
    vBcIs: t.field({ type: 'Decimal', description: 'vBCIS' }),
    pIs: t.field({ type: 'Decimal', description: 'pIS' }),
    vIs: t.field({ type: 'Decimal', description: 'vIS' }),
  }),
});

const NfeItemInput = builder.inputType('NfeItemInput', {
  fields: (t) => ({
    produto: t.string({
      description:
        'modo calcular: the catalogue product (SKU); its description, NCM, origin, unit, GTIN, CEST and tax profile are used.',
    }),
    codigo: t.string({ description: 'modo conferir: also the catalogue SKU the item is recomputed from.' }),
    descricao: t.string(),
    ncm: t.string(),
    cfop: t.string(),
    origem: t.string(),
    unidade: t.string(),
    quantidade: t.string({ description: 'Decimal string, up to 4 decimals.' }),
    valorUnitario: t.field({ type: 'Decimal', description: 'Up to 10 decimals.' }),
    gtin: t.string({ description: 'GTIN, or omitted for "SEM GTIN".' }),
    cest: t.string(),
    cBenef: t.string({
      description:
        'cBenef: the UF\'s tax-benefit code (8 or 10 characters, or "SEM CBENEF"); required where the UF checks it for the CST.',
    }),
    desconto: t.field({ type: 'Decimal', description: 'vDesc of the item.' }),
    frete: t.field({ type: 'Decimal', description: 'vFrete of the item.' }),
    seguro: t.field({ type: 'Decimal', description: 'vSeg of the item.' }),
    outrasDespesas: t.field({ type: 'Decimal', description: 'vOutro of the item.' }),
    icms: t.field({ type: NfeIcmsInput }),
    pis: t.field({ type: NfePisInput }),
    cofins: t.field({ type: NfeCofinsInput }),
    ipi: t.field({ type: NfeIpiInput }),
    ii: t.field({ type: NfeIiInput }),
    pisSt: t.field({ type: NfePisStInput }),
    cofinsSt: t.field({ type: NfeCofinsStInput }),
    icmsUfDest: t.field({ type: NfeIcmsUfDestInput }),
    ibsCbs: t.field({ type: NfeIbsCbsInput }),
    is: t.field({ type: NfeIsInput }),
  }),
});

const NfePagamentoInput = builder.inputType('NfePagamentoInput', {
  fields: (t) => ({
    forma: t.string({ description: 'pix, dinheiro, cartao_credito, boleto, …' }),
    valor: t.field({ type: 'Decimal' }),
    descricao: t.string(),
  }),
});

const NfeTotaisInput = builder.inputType('NfeTotaisInput', {
  description: 'Optional totals; each one given must equal the sum of the items (ICMSTot, IBSCBSTot).',
  fields: (t) =>
    Object.fromEntries(
      Object.entries(TOTAIS_INFORMADOS).map(([snake, tag]) => [
        camel(snake),
        t.field({ type: 'Decimal', description: tag }),
      ]),
    ),
});

const NfeTransporteInput = builder.inputType('NfeTransporteInput', {
  description: 'Transport (transp). Without it: modFrete 9, no transport; required when an item carries freight.',
  fields: (t) => ({
    modalidade: t.string({
      description:
        'modFrete: remetente (0), destinatario (1), terceiros (2), proprio_remetente (3), proprio_destinatario (4), sem_frete (9).',
    }),
  }),
});

export const NfeInputRef = builder.inputType('NfeInput', {
  description:
    'POST /v1/nfe body. modo informado: taxes already calculated by the caller; calcular: items {produto, quantidade, ' +
    "valorUnitario} and the service computes every tax; conferir: the caller's values, recomputed and checked.",
  fields: (t) => ({
    modo: t.string({ description: 'informado (default), calcular or conferir.' }),
    operacao: t.string({
      description:
        'calcular/conferir: venda (default), venda_consumidor_final, bonificacao (calculated); remessa, transferencia, devolucao (informed).',
    }),
    subtipo: t.string({
      description:
        'remessa: conserto, demonstracao, industrializacao, outras; devolucao: comercializacao (default), industrializacao.',
    }),
    pararEmDivergencia: t.boolean({
      description:
        "conferir: true refuses the note (422 nfe_conferencia_divergente) when a value diverges; default false, the note goes with the caller's values.",
    }),
    empresaId: t.id(),
    dataEmissao: t.string({
      description:
        'previewNfe only: the taxable-event date (YYYY-MM-DD, 2026-01-01 to 2033-12-31) whose year gives the IBS/CBS rates and tables; ' +
        "issueNfe refuses it (the note takes the clock's date).",
    }),
    referencia: t.string(),
    naturezaOperacao: t.string(),
    presenca: t.string(),
    destinatario: t.field({ type: NfeDestinatarioInput }),
    itens: t.field({ type: [NfeItemInput] }),
    pagamentos: t.field({ type: [NfePagamentoInput] }),
    totais: t.field({ type: NfeTotaisInput }),
    transporte: t.field({ type: NfeTransporteInput }),
    serie: t.string(),
    tipoOperacao: t.string({ description: 'saida (default) or entrada.' }),
    finalidade: t.string({ description: 'normal (default), complementar, ajuste or devolucao.' }),
    chaveReferenciada: t.string({
      description: '44-character access key of the referenced NF-e (positions 7–18 may be letters: alphanumeric CNPJ).',
    }),
    itemReferenciado: t.int(),
    informacoesAdicionais: t.string(),
  }),
});
