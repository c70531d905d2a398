import { builder } from '../builder.js';

// Typed forms of the NF-e issuance body (spec 2.9), camelCase of its members. Every member is optional and leaves
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

const NfeIcmsInput = builder.inputType('NfeIcmsInput', {
  description: 'ICMS group (layout 4.00: CST or CSOSN, modBC, vBC, pICMS, vICMS, pCredSN, vCredICMSSN).',
  fields: (t) => ({
    cst: t.string(),
    csosn: t.string(),
    modBc: t.string(),
    vBc: t.string(),
    pIcms: t.string(),
    vIcms: t.string(),
    pCredSn: t.string(),
    vCredIcmssn: t.string(),
  }),
});

const NfePisInput = builder.inputType('NfePisInput', {
  description: 'PIS group (layout 4.00: CST, vBC, pPIS, vPIS).',
  fields: (t) => ({ cst: t.string(), vBc: t.string(), pPis: t.string(), vPis: t.string() }),
});

const NfeCofinsInput = builder.inputType('NfeCofinsInput', {
  description: 'COFINS group (layout 4.00: CST, vBC, pCOFINS, vCOFINS).',
  fields: (t) => ({ cst: t.string(), vBc: t.string(), pCofins: t.string(), vCofins: t.string() }),
});

const NfeIpiInput = builder.inputType('NfeIpiInput', {
  description: 'IPI group (layout 4.00: cEnq, CST, vBC, pIPI, vIPI).',
  fields: (t) => ({ cEnq: t.string(), cst: t.string(), vBc: t.string(), pIpi: t.string(), vIpi: t.string() }),
});

const NfeItemInput = builder.inputType('NfeItemInput', {
  fields: (t) => ({
    codigo: t.string(),
    descricao: t.string(),
    ncm: t.string(),
    cfop: t.string(),
    origem: t.string(),
    unidade: t.string(),
    quantidade: t.string({ description: 'Decimal string, up to 4 decimals.' }),
    valorUnitario: t.field({ type: 'Decimal', description: 'Up to 10 decimals.' }),
    gtin: t.string({ description: 'GTIN, or omitted for "SEM GTIN".' }),
    cest: t.string(),
    icms: t.field({ type: NfeIcmsInput }),
    pis: t.field({ type: NfePisInput }),
    cofins: t.field({ type: NfeCofinsInput }),
    ipi: t.field({ type: NfeIpiInput }),
  }),
});

const NfePagamentoInput = builder.inputType('NfePagamentoInput', {
  fields: (t) => ({ forma: t.string({ description: 'pix, dinheiro, cartao_credito, boleto, …' }), valor: t.field({ type: 'Decimal' }), descricao: t.string() }),
});

const NfeTotaisInput = builder.inputType('NfeTotaisInput', {
  description: 'Optional totals; when given they must equal the sum of the items.',
  fields: (t) => ({ valorProdutos: t.field({ type: 'Decimal' }), valorNota: t.field({ type: 'Decimal' }) }),
});

export const NfeInputRef = builder.inputType('NfeInput', {
  description: 'POST /v1/nfe body (spec 2.9), modo informado: taxes already calculated by the caller.',
  fields: (t) => ({
    modo: t.string({ description: 'informado (default); calcular and conferir are refused until the tax engine exists.' }),
    empresaId: t.id(),
    referencia: t.string(),
    naturezaOperacao: t.string(),
    presenca: t.string(),
    destinatario: t.field({ type: NfeDestinatarioInput }),
    itens: t.field({ type: [NfeItemInput] }),
    pagamentos: t.field({ type: [NfePagamentoInput] }),
    totais: t.field({ type: NfeTotaisInput }),
    serie: t.string(),
    tipoOperacao: t.string({ description: 'saida (default) or entrada.' }),
    finalidade: t.string({ description: 'normal (default), complementar, ajuste or devolucao.' }),
    chaveReferenciada: t.string({ description: '44-digit access key of the referenced NF-e.' }),
    itemReferenciado: t.int(),
    informacoesAdicionais: t.string(),
  }),
});
