import { Decimal } from 'decimal.js';
import type { Environment } from '../auth/api-key-format.js';
import { documentoFederal } from '../nfse/validation/documento.js';
import { Coletor, lerObjeto, lerTexto, presente, ptr, type Objeto } from '../nfse/validation/leitor.js';
import type { ValidationIssue } from '../nfse/validation/types.js';
import { municipio } from '../tabelas/index.js';
import { nfeAjuste, type NfeAjuste } from './nfe-adjustments.js';
import { isValidNfeKey } from './nfe-access-key.js';
import {
  FORMAS_PAGAMENTO, PRESENCA_IND, type Contribuinte, type Finalidade, type FormaPagamento, type NfeDestinatario, type NfeEndereco,
  type NfeIcms, type NfeIpi, type NfeItem, type NfePagamento, type NfePisCofins, type NfeRequest, type Presenca,
} from './nfe-request.js';

export interface NfeValidation {
  request: NfeRequest | null;
  erros: ValidationIssue[];
  ajustes: NfeAjuste[];
}

export interface NfeValidationContext {
  /** Simples Nacional and MEI issuers use CSOSN; the others CST (CRT of the layout). */
  simples: boolean;
  chaveRestritaEmpresa: boolean;
  environment: Environment;
}

const TOP = [
  'modo', 'empresa_id', 'referencia', 'natureza_operacao', 'presenca', 'destinatario', 'itens', 'pagamentos', 'totais', 'serie',
  'tipo_operacao', 'finalidade', 'chave_referenciada', 'item_referenciado', 'informacoes_adicionais',
] as const;
const PRESENCAS = Object.keys(PRESENCA_IND) as Presenca[];
const FINALIDADES: Finalidade[] = ['normal', 'complementar', 'ajuste', 'devolucao'];
const CONTRIBUINTES: Contribuinte[] = ['contribuinte', 'isento', 'nao_contribuinte'];
// The ICMS groups built so far; other CSTs/CSOSNs are refused by name instead of producing an invalid XML.
const CST_TRIBUTADA = ['00'];
const CST_SEM_ICMS = ['40', '41', '50'];
const CSOSN_SEM_CREDITO = ['102', '103', '300', '400'];
const PIS_TRIBUTADO = ['01', '02'];
const PIS_NAO_TRIBUTADO = ['04', '05', '06', '07', '08', '09'];
const PIS_OUTROS = ['49', '50', '51', '52', '53', '54', '55', '56', '60', '61', '62', '63', '64', '65', '66', '67', '70', '71', '72', '73', '74', '75', '98', '99'];
const IPI_TRIBUTADO = ['00', '49', '50', '99'];
const IPI_NAO_TRIBUTADO = ['01', '02', '03', '04', '05', '51', '52', '53', '54', '55'];

/**
 * Validates `POST /v1/nfe` in `modo` `informado` (spec 2.9), reporting every problem at once with a JSON Pointer.
 * `calcular` and `conferir` are refused before this runs (modoNaoSuportado).
 */
export function validateNfeRequest(body: unknown, ctx: NfeValidationContext): NfeValidation {
  const c = new Coletor();
  const ajustes: NfeAjuste[] = [];
  const root = lerObjeto(body, '', TOP, c);
  if (!root) return { request: null, erros: c.issues, ajustes };
  lerEnum(root, 'modo', '/modo', ['informado', 'calcular', 'conferir'] as const, c, false);
  if (!presente(root, 'modo')) ajustes.push(nfeAjuste('nfe_modo_informado'));

  if (!ctx.chaveRestritaEmpresa) lerTexto(root, 'empresa_id', '/empresa_id', c, { obrigatorio: 'O empresa_id' });
  const referencia = lerTexto(root, 'referencia', '/referencia', c, { nome: 'A referência' });
  if (referencia && [...referencia].length > 60) {
    c.add('referencia_muito_longa', '/referencia', `A referência tem ${[...referencia].length} caracteres; o máximo é 60.`, 'Use uma referência de até 60 caracteres.');
  }
  const natureza = lerTexto(root, 'natureza_operacao', '/natureza_operacao', c, { obrigatorio: 'A natureza da operação', max: 60, nome: 'A natureza da operação' });
  const presenca = lerEnum(root, 'presenca', '/presenca', PRESENCAS, c, true);
  const serie = lerTexto(root, 'serie', '/serie', c, { nome: 'A série' });
  if (serie !== undefined && (!/^(0|[1-9]\d{0,2})$/.test(serie) || Number(serie) >= 890)) {
    c.formato('/serie', `Série inválida: "${serie}".`, 'Informe a série de 0 a 889, sem zeros à esquerda.');
  }
  if (serie === undefined) ajustes.push(nfeAjuste('nfe_serie_da_origem'));
  const tipo = lerEnum(root, 'tipo_operacao', '/tipo_operacao', ['entrada', 'saida'] as const, c, false);
  if (!presente(root, 'tipo_operacao')) ajustes.push(nfeAjuste('nfe_tipo_operacao_saida'));
  const finalidade = lerEnum(root, 'finalidade', '/finalidade', FINALIDADES, c, false);
  if (!presente(root, 'finalidade')) ajustes.push(nfeAjuste('nfe_finalidade_normal'));
  const chave = lerChaveReferenciada(root, finalidade ?? 'normal', c);
  const itemRef = lerItemReferenciado(root, chave, c);
  const adicionais = lerTexto(root, 'informacoes_adicionais', '/informacoes_adicionais', c, { max: 5000, nome: 'As informações adicionais' });

  const destinatario = lerDestinatario(root.destinatario, c, presente(root, 'destinatario'));
  if (destinatario && ctx.environment === 'test') ajustes.push(nfeAjuste('nfe_destinatario_homologacao'));
  if (destinatario?.endereco) ajustes.push(nfeAjuste('nfe_destino_operacao'));
  const itens = lerItens(root, ctx, c);
  if (itens.length) {
    ajustes.push(nfeAjuste('nfe_valor_total_item'), nfeAjuste('nfe_totais_somados'));
    itens.forEach((item, i) => { if (!item.gtin) ajustes.push(nfeAjuste('nfe_sem_gtin', `/itens/${i}/gtin`)); });
  }
  ajustes.push(nfeAjuste('nfe_transporte_sem_frete'));
  if (presenca && ['2', '3', '4', '9'].includes(PRESENCA_IND[presenca])) ajustes.push(nfeAjuste('nfe_indintermed_padrao'));
  const pagamentos = lerPagamentos(root, c);
  const totais = lerTotais(root, itens, pagamentos, c);

  if (c.issues.length) return { request: null, erros: c.issues, ajustes };
  const request: NfeRequest = {
    modo: 'informado',
    empresa_id: typeof root.empresa_id === 'string' ? root.empresa_id.trim() : undefined,
    referencia,
    natureza_operacao: natureza!,
    presenca: presenca!,
    destinatario: destinatario!,
    itens,
    pagamentos,
    totais,
    serie,
    tipo_operacao: tipo ?? 'saida',
    finalidade: finalidade ?? 'normal',
    chave_referenciada: chave,
    item_referenciado: itemRef,
    informacoes_adicionais: adicionais,
  };
  return { request, erros: [], ajustes };
}

function lerEnum<T extends string>(obj: Objeto, key: string, campo: string, valores: readonly T[], c: Coletor, obrigatorio: boolean): T | undefined {
  const v = lerTexto(obj, key, campo, c, obrigatorio ? { obrigatorio: `O campo ${key}` } : {});
  if (v === undefined) return undefined;
  if (!(valores as readonly string[]).includes(v)) {
    c.formato(campo, `Valor inválido para ${key}: "${v}".`, `Use um de: ${valores.join(', ')}.`);
    return undefined;
  }
  return v as T;
}

function lerChaveReferenciada(root: Objeto, finalidade: Finalidade, c: Coletor): string | undefined {
  const chave = lerTexto(root, 'chave_referenciada', '/chave_referenciada', c, { nome: 'A chave referenciada' });
  if (chave === undefined) {
    // Spec 2.9 / 7.3: devolução and complementar always reference the original note.
    if (!presente(root, 'chave_referenciada') && (finalidade === 'devolucao' || finalidade === 'complementar')) {
      c.add('chave_referenciada_obrigatoria', '/chave_referenciada', `A finalidade ${finalidade} exige a chave da NF-e de origem.`,
        'Informe chave_referenciada com os 44 caracteres da chave de acesso da nota original.');
    }
    return undefined;
  }
  const limpa = chave.replace(/\s/g, '').toUpperCase();
  if (limpa.length !== 44) {
    c.formato('/chave_referenciada', `A chave referenciada tem ${limpa.length} caracteres; deve ter 44.`, 'Copie a chave de acesso completa da nota original.');
    return undefined;
  }
  if (!isValidNfeKey(limpa)) {
    c.formato('/chave_referenciada', 'O dígito verificador da chave referenciada não confere.', 'Confira a chave de acesso: um caractere foi digitado errado.');
    return undefined;
  }
  return limpa;
}

function lerItemReferenciado(root: Objeto, chave: string | undefined, c: Coletor): number | undefined {
  if (!presente(root, 'item_referenciado')) return undefined;
  const v = root.item_referenciado;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 990) {
    c.formato('/item_referenciado', 'item_referenciado deve ser o número do item da nota de origem (1 a 990).', 'Envie um inteiro, por exemplo 1.');
    return undefined;
  }
  if (!chave && !c.temErroEm('/chave_referenciada')) {
    c.formato('/item_referenciado', 'item_referenciado só tem sentido com chave_referenciada.', 'Informe chave_referenciada ou remova item_referenciado.');
  }
  return v;
}

function lerDestinatario(v: unknown, c: Coletor, enviado: boolean): NfeDestinatario | null {
  if (!enviado) {
    c.obrigatorio('/destinatario', 'O destinatário');
    return null;
  }
  const d = lerObjeto(v, '/destinatario', ['documento', 'nome', 'contribuinte', 'inscricao_estadual', 'email', 'endereco'], c);
  if (!d) return null;
  const docTexto = lerTexto(d, 'documento', '/destinatario/documento', c, { obrigatorio: 'O documento do destinatário' });
  const doc = docTexto ? documentoFederal(docTexto) : null;
  if (docTexto && !doc) c.add('documento_invalido', '/destinatario/documento', 'CPF ou CNPJ do destinatário inválido.', 'Confira os dígitos verificadores do documento.');
  // No registry lookup yet: the name is required with a CNPJ too (spec 2.9 obtains it from the registry).
  const nome = lerTexto(d, 'nome', '/destinatario/nome', c, { obrigatorio: 'O nome do destinatário', min: 2, max: 60, nome: 'O nome do destinatário' });
  const contribuinte = lerEnum(d, 'contribuinte', '/destinatario/contribuinte', CONTRIBUINTES, c, false) ?? 'nao_contribuinte';
  const ie = lerTexto(d, 'inscricao_estadual', '/destinatario/inscricao_estadual', c, { nome: 'A inscrição estadual' });
  if (ie !== undefined && !/^\d{2,14}$/.test(ie)) c.formato('/destinatario/inscricao_estadual', 'Inscrição estadual com 2 a 14 dígitos.', 'Informe só os dígitos.');
  if (contribuinte === 'contribuinte' && ie === undefined && !c.temErroEm('/destinatario/inscricao_estadual')) {
    c.obrigatorio('/destinatario/inscricao_estadual', 'A inscrição estadual do destinatário contribuinte');
  }
  if (contribuinte !== 'contribuinte' && ie !== undefined) {
    c.formato('/destinatario/inscricao_estadual', 'Inscrição estadual só é aceita com contribuinte = contribuinte.', 'Remova a inscrição estadual ou informe contribuinte.');
  }
  const email = lerTexto(d, 'email', '/destinatario/email', c, { max: 60, nome: 'O e-mail do destinatário' });
  const endereco = presente(d, 'endereco') ? lerEndereco(d.endereco, c) : undefined;
  if (!doc || !nome) return null;
  return { documento: doc.numero, tipo_documento: doc.tipo, nome, contribuinte, inscricao_estadual: ie, email, endereco: endereco ?? undefined };
}

function lerEndereco(v: unknown, c: Coletor): NfeEndereco | null {
  const base = '/destinatario/endereco';
  const e = lerObjeto(v, base, ['logradouro', 'numero', 'complemento', 'bairro', 'municipio', 'cep'], c);
  if (!e) return null;
  const logradouro = lerTexto(e, 'logradouro', `${base}/logradouro`, c, { obrigatorio: 'O logradouro', min: 2, max: 60 });
  const numero = lerTexto(e, 'numero', `${base}/numero`, c, { obrigatorio: 'O número', max: 60 });
  const complemento = lerTexto(e, 'complemento', `${base}/complemento`, c, { max: 60 });
  const bairro = lerTexto(e, 'bairro', `${base}/bairro`, c, { obrigatorio: 'O bairro', min: 2, max: 60 });
  const mun = lerTexto(e, 'municipio', `${base}/municipio`, c, { obrigatorio: 'O município (código IBGE)' });
  if (mun !== undefined && !municipio(mun)) c.formato(`${base}/municipio`, `Município IBGE desconhecido: "${mun}".`, 'Informe o código IBGE de 7 dígitos.');
  const cepTexto = lerTexto(e, 'cep', `${base}/cep`, c);
  const cep = cepTexto?.replace(/[.\-\s]/g, '');
  if (cep !== undefined && !/^\d{8}$/.test(cep)) c.formato(`${base}/cep`, 'CEP com 8 dígitos.', 'Informe o CEP, por exemplo "01310100".');
  if (!logradouro || !numero || !bairro || !mun) return null;
  return { logradouro, numero, complemento, bairro, municipio: mun, cep };
}

/** A decimal string with at most `casas` decimals (a JSON number is `tipo_invalido`, spec 2.1). */
function lerDecimal(obj: Objeto, key: string, campo: string, c: Coletor, casas: number, obrigatorio: string | undefined): string | undefined {
  if (!presente(obj, key)) {
    if (obrigatorio) c.obrigatorio(campo, obrigatorio);
    return undefined;
  }
  const v = obj[key];
  if (typeof v !== 'string') {
    c.tipoInvalido(campo, 'texto com número decimal', v);
    return undefined;
  }
  if (!new RegExp(`^\\d{1,15}(\\.\\d{1,${casas}})?$`).test(v.trim())) {
    c.formato(campo, `Número decimal inválido: "${v}" (ponto decimal, até ${casas} casas).`, `Envie por exemplo "10.${'0'.repeat(Math.min(casas, 2))}".`);
    return undefined;
  }
  return v.trim();
}

function lerItens(root: Objeto, ctx: NfeValidationContext, c: Coletor): NfeItem[] {
  if (!presente(root, 'itens')) {
    c.obrigatorio('/itens', 'A lista de itens');
    return [];
  }
  if (!Array.isArray(root.itens) || root.itens.length === 0 || root.itens.length > 990) {
    c.formato('/itens', 'itens deve ser uma lista de 1 a 990 itens.', 'Envie ao menos um item.');
    return [];
  }
  const out: NfeItem[] = [];
  root.itens.forEach((raw, i) => {
    const base = `/itens/${i}`;
    const it = lerObjeto(raw, base, ['codigo', 'descricao', 'ncm', 'cfop', 'origem', 'unidade', 'quantidade', 'valor_unitario', 'gtin', 'cest', 'icms', 'pis', 'cofins', 'ipi'], c);
    if (!it) return;
    const codigo = lerTexto(it, 'codigo', `${base}/codigo`, c, { obrigatorio: 'O código do item', max: 60 });
    const descricao = lerTexto(it, 'descricao', `${base}/descricao`, c, { obrigatorio: 'A descrição do item', max: 120 });
    const ncm = lerPadrao(it, 'ncm', `${base}/ncm`, /^(\d{8}|00)$/, 'NCM com 8 dígitos', '"84713012"', c, true);
    const cfop = lerPadrao(it, 'cfop', `${base}/cfop`, /^[123567]\d{3}$/, 'CFOP com 4 dígitos, iniciando em 1, 2, 3, 5, 6 ou 7', '"5102"', c, true);
    const origem = lerPadrao(it, 'origem', `${base}/origem`, /^[0-8]$/, 'Origem da mercadoria de 0 a 8', '"0"', c, true);
    const unidade = lerTexto(it, 'unidade', `${base}/unidade`, c, { obrigatorio: 'A unidade', max: 6 });
    const quantidade = lerDecimal(it, 'quantidade', `${base}/quantidade`, c, 4, 'A quantidade');
    const valorUnitario = lerDecimal(it, 'valor_unitario', `${base}/valor_unitario`, c, 10, 'O valor unitário');
    const gtin = lerPadrao(it, 'gtin', `${base}/gtin`, /^(\d{8}|\d{12,14})$/, 'GTIN com 8, 12, 13 ou 14 dígitos', '"7891000100103"', c, false);
    const cest = lerPadrao(it, 'cest', `${base}/cest`, /^\d{7}$/, 'CEST com 7 dígitos', '"2104700"', c, false);
    const icms = lerIcms(it, base, ctx, c);
    const pis = lerPisCofins(it, 'pis', base, c);
    const cofins = lerPisCofins(it, 'cofins', base, c);
    const ipi = presente(it, 'ipi') ? lerIpi(it.ipi, `${base}/ipi`, c) : undefined;
    if (quantidade !== undefined && new Decimal(quantidade).isZero()) c.formato(`${base}/quantidade`, 'A quantidade deve ser maior que zero.', 'Informe a quantidade vendida.');
    if (codigo && descricao && ncm && cfop && origem && unidade && quantidade && valorUnitario && icms && pis && cofins && ipi !== null) {
      out.push({ codigo, descricao, ncm, cfop, origem, unidade, quantidade, valor_unitario: valorUnitario, gtin, cest, icms, pis, cofins, ipi });
    }
  });
  return out;
}

function lerPadrao(obj: Objeto, key: string, campo: string, re: RegExp, oque: string, exemplo: string, c: Coletor, obrigatorio: boolean): string | undefined {
  const t = lerTexto(obj, key, campo, c, obrigatorio ? { obrigatorio: `O campo ${key}` } : {});
  if (t === undefined) return undefined;
  const limpo = t.replace(/[.\-\s]/g, '');
  if (!re.test(limpo)) {
    c.formato(campo, `${oque}; recebido "${t}".`, `Informe por exemplo ${exemplo}.`);
    return undefined;
  }
  return limpo;
}

function lerIcms(it: Objeto, base: string, ctx: NfeValidationContext, c: Coletor): NfeIcms | undefined {
  const campo = `${base}/icms`;
  if (!presente(it, 'icms')) {
    c.obrigatorio(campo, 'O grupo icms');
    return undefined;
  }
  const g = lerObjeto(it.icms, campo, ['cst', 'csosn', 'mod_bc', 'v_bc', 'p_icms', 'v_icms', 'p_cred_sn', 'v_cred_icmssn'], c);
  if (!g) return undefined;
  const icms: NfeIcms = {};
  // CRT decides the code: Simples Nacional and MEI report CSOSN, the other regimes CST (rejection 590/591).
  if (ctx.simples) {
    if (presente(g, 'cst')) c.formato(`${campo}/cst`, 'Empresa do Simples Nacional informa csosn, não cst.', 'Troque cst por csosn.');
    icms.csosn = lerTexto(g, 'csosn', `${campo}/csosn`, c, { obrigatorio: 'O CSOSN' });
    if (icms.csosn === '101') {
      icms.p_cred_sn = lerDecimal(g, 'p_cred_sn', `${campo}/p_cred_sn`, c, 4, 'A alíquota de crédito do Simples (p_cred_sn)');
      icms.v_cred_icmssn = lerDecimal(g, 'v_cred_icmssn', `${campo}/v_cred_icmssn`, c, 2, 'O valor do crédito (v_cred_icmssn)');
    } else if (icms.csosn !== undefined && !CSOSN_SEM_CREDITO.includes(icms.csosn)) {
      c.formato(`${campo}/csosn`, `CSOSN ${icms.csosn} ainda não é aceito pela API.`, `Use um de: 101, ${CSOSN_SEM_CREDITO.join(', ')}.`);
    }
    return icms;
  }
  if (presente(g, 'csosn')) c.formato(`${campo}/csosn`, 'Empresa fora do Simples Nacional informa cst, não csosn.', 'Troque csosn por cst.');
  icms.cst = lerTexto(g, 'cst', `${campo}/cst`, c, { obrigatorio: 'O CST do ICMS' });
  if (icms.cst !== undefined && CST_TRIBUTADA.includes(icms.cst)) {
    icms.mod_bc = lerPadrao(g, 'mod_bc', `${campo}/mod_bc`, /^[0-3]$/, 'Modalidade da base (mod_bc) de 0 a 3', '"3"', c, true);
    icms.v_bc = lerDecimal(g, 'v_bc', `${campo}/v_bc`, c, 2, 'A base de cálculo (v_bc)');
    icms.p_icms = lerDecimal(g, 'p_icms', `${campo}/p_icms`, c, 4, 'A alíquota (p_icms)');
    icms.v_icms = lerDecimal(g, 'v_icms', `${campo}/v_icms`, c, 2, 'O valor do ICMS (v_icms)');
  } else if (icms.cst !== undefined && !CST_SEM_ICMS.includes(icms.cst)) {
    c.formato(`${campo}/cst`, `CST ${icms.cst} do ICMS ainda não é aceito pela API.`, `Use um de: ${[...CST_TRIBUTADA, ...CST_SEM_ICMS].join(', ')}.`);
  }
  return icms;
}

function lerPisCofins(it: Objeto, key: 'pis' | 'cofins', base: string, c: Coletor): NfePisCofins | undefined {
  const campo = `${base}/${key}`;
  if (!presente(it, key)) {
    c.obrigatorio(campo, `O grupo ${key}`);
    return undefined;
  }
  const taxa = `p_${key}`;
  const valor = `v_${key}`;
  const g = lerObjeto(it[key], campo, ['cst', 'v_bc', taxa, valor], c);
  if (!g) return undefined;
  const cst = lerTexto(g, 'cst', `${campo}/cst`, c, { obrigatorio: `O CST do ${key.toUpperCase()}` });
  if (cst === undefined) return undefined;
  if (PIS_NAO_TRIBUTADO.includes(cst)) return { cst };
  if (!PIS_TRIBUTADO.includes(cst) && !PIS_OUTROS.includes(cst)) {
    c.formato(`${campo}/cst`, `CST ${cst} do ${key.toUpperCase()} desconhecido.`, 'Use o CST da tabela do leiaute (01 a 99).');
    return undefined;
  }
  return {
    cst,
    v_bc: lerDecimal(g, 'v_bc', `${campo}/v_bc`, c, 2, 'A base de cálculo (v_bc)'),
    aliquota: lerDecimal(g, taxa, `${campo}/${taxa}`, c, 4, `A alíquota (${taxa})`),
    valor: lerDecimal(g, valor, `${campo}/${valor}`, c, 2, `O valor (${valor})`),
  };
}

function lerIpi(v: unknown, campo: string, c: Coletor): NfeIpi | null {
  const g = lerObjeto(v, campo, ['c_enq', 'cst', 'v_bc', 'p_ipi', 'v_ipi'], c);
  if (!g) return null;
  const cEnq = lerPadrao(g, 'c_enq', `${campo}/c_enq`, /^\d{3}$/, 'Código de enquadramento (c_enq) com 3 dígitos', '"999"', c, true);
  const cst = lerTexto(g, 'cst', `${campo}/cst`, c, { obrigatorio: 'O CST do IPI' });
  if (!cEnq || !cst) return null;
  if (IPI_NAO_TRIBUTADO.includes(cst)) return { c_enq: cEnq, cst };
  if (!IPI_TRIBUTADO.includes(cst)) {
    c.formato(`${campo}/cst`, `CST ${cst} do IPI desconhecido.`, `Use um de: ${[...IPI_TRIBUTADO, ...IPI_NAO_TRIBUTADO].join(', ')}.`);
    return null;
  }
  return {
    c_enq: cEnq,
    cst,
    v_bc: lerDecimal(g, 'v_bc', `${campo}/v_bc`, c, 2, 'A base de cálculo (v_bc)'),
    p_ipi: lerDecimal(g, 'p_ipi', `${campo}/p_ipi`, c, 4, 'A alíquota (p_ipi)'),
    v_ipi: lerDecimal(g, 'v_ipi', `${campo}/v_ipi`, c, 2, 'O valor do IPI (v_ipi)'),
  };
}

function lerPagamentos(root: Objeto, c: Coletor): NfePagamento[] {
  if (!Array.isArray(root.pagamentos) || root.pagamentos.length === 0 || root.pagamentos.length > 100) {
    if (!presente(root, 'pagamentos')) c.obrigatorio('/pagamentos', 'A lista de pagamentos');
    else c.formato('/pagamentos', 'pagamentos deve ser uma lista de 1 a 100 pagamentos.', 'Envie ao menos um pagamento com forma e valor.');
    return [];
  }
  const out: NfePagamento[] = [];
  root.pagamentos.forEach((raw, i) => {
    const base = `/pagamentos/${i}`;
    const p = lerObjeto(raw, base, ['forma', 'valor', 'descricao'], c);
    if (!p) return;
    const forma = lerEnum(p, 'forma', `${base}/forma`, Object.keys(FORMAS_PAGAMENTO) as FormaPagamento[], c, true);
    const valor = lerDecimal(p, 'valor', `${base}/valor`, c, 2, 'O valor do pagamento');
    const descricao = lerTexto(p, 'descricao', `${base}/descricao`, c, { min: 2, max: 60, nome: 'A descrição do pagamento' });
    if (forma === 'outros' && descricao === undefined && !c.temErroEm(`${base}/descricao`)) c.obrigatorio(`${base}/descricao`, 'A descrição do pagamento "outros"');
    if (forma && valor) out.push({ forma, valor, descricao });
  });
  return out;
}

/** Sums vProd and vNF from the items; sent `totais` must agree with them. */
function lerTotais(root: Objeto, itens: NfeItem[], pagamentos: NfePagamento[], c: Coletor): NfeRequest['totais'] {
  const t = presente(root, 'totais') ? lerObjeto(root.totais, '/totais', ['valor_produtos', 'valor_nota'], c) : null;
  const enviados = t ? { valor_produtos: lerDecimal(t, 'valor_produtos', '/totais/valor_produtos', c, 2, undefined), valor_nota: lerDecimal(t, 'valor_nota', '/totais/valor_nota', c, 2, undefined) } : undefined;
  if (c.temErroEm('/itens') || itens.length === 0) return enviados;
  const somados = somarTotais(itens);
  if (enviados?.valor_produtos && !new Decimal(enviados.valor_produtos).eq(somados.vProd)) {
    c.formato('/totais/valor_produtos', `valor_produtos ${enviados.valor_produtos} difere da soma dos itens (${somados.vProd}).`, 'Corrija o total ou remova totais para o serviço somar.');
  }
  if (enviados?.valor_nota && !new Decimal(enviados.valor_nota).eq(somados.vNF)) {
    c.formato('/totais/valor_nota', `valor_nota ${enviados.valor_nota} difere do calculado (${somados.vNF}).`, 'Corrija o total ou remova totais para o serviço somar.');
  }
  if (pagamentos.length && !c.temErroEm('/pagamentos')) {
    const pago = pagamentos.reduce((s, p) => s.plus(p.valor), new Decimal(0));
    if (!pagamentos.some((p) => p.forma === 'sem_pagamento') && pago.lt(somados.vNF)) {
      c.formato('/pagamentos', `Os pagamentos somam ${pago.toFixed(2)}, menos que o valor da nota (${somados.vNF}).`, 'Ajuste os valores dos pagamentos (rejeição 866 da SEFAZ).');
    }
  }
  return enviados;
}

export interface SomaTotais {
  vProd: string;
  vBC: string;
  vICMS: string;
  vIPI: string;
  vPIS: string;
  vCOFINS: string;
  vNF: string;
  itens: string[];
}

/** vProd of each item (quantity × unit price, 2 decimals) and the ICMSTot sums of layout 4.00 (W02–W16). */
export function somarTotais(itens: NfeItem[]): SomaTotais {
  const zero = new Decimal(0);
  const vItens = itens.map((i) => new Decimal(i.quantidade).times(i.valor_unitario).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  const sum = (f: (i: NfeItem) => string | undefined) => itens.reduce((s, i) => s.plus(f(i) ?? 0), zero);
  const vProd = vItens.reduce((s, v) => s.plus(v), zero);
  const vIPI = sum((i) => i.ipi?.v_ipi);
  return {
    vProd: vProd.toFixed(2),
    vBC: sum((i) => i.icms.v_bc).toFixed(2),
    vICMS: sum((i) => i.icms.v_icms).toFixed(2),
    vIPI: vIPI.toFixed(2),
    vPIS: sum((i) => i.pis.valor).toFixed(2),
    vCOFINS: sum((i) => i.cofins.valor).toFixed(2),
    // vNF = vProd − vDesc − vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol (W16 rule);
    // discounts, freight and ST are not accepted yet, so vProd + vIPI.
    vNF: vProd.plus(vIPI).toFixed(2),
    itens: vItens.map((v) => v.toFixed(2)),
  };
}
