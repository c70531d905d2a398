import { Decimal } from 'decimal.js';
import { EngineError } from '../errors.js';
import type { Environment } from '../nucleo/environment.js';
import { codeText } from '../nucleo/code-text.js';
import { documentoFederal } from '../nucleo/documento-federal.js';
import { Coletor, lerObjeto, lerTexto, presente, type Objeto } from '../nucleo/coletor.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { municipio } from '../tabelas/index.js';
import { nfeAjuste, type NfeAjuste } from './nfe-ajuste.js';
import { checkTaxValues } from './check-tax-values.js';
import { isValidNfeKey, NFE_KEY_SHAPE } from './nfe-access-key.js';
import { QUANTIDADE, VALOR, VALOR_UNITARIO } from './nfe-decimal.js';
import { lerDecimal, lerEnum, lerPadrao } from './ler-campos.js';
import {
  FORMAS_PAGAMENTO, MODALIDADES_FRETE, PRESENCA_IND, type Contribuinte, type Finalidade, type FormaPagamento, type ModalidadeFrete,
  type NfeDestinatario, type NfeEndereco, type NfeItem, type NfePagamento, type NfeRequest, type NfeTotais, type NfeTransporte, type Presenca,
} from './nfe-request.js';
import { somarTotais, TOTAIS_INFORMADOS, totalSomado, type SomaTotais, type TotalInformado } from './somar-totais.js';
import { lerIcms } from './ler-icms.js';
import { lerIcmsUfDest } from './ler-icms-uf-dest.js';
import { lerIbsCbs, lerIi, lerIpi, lerPisCofins, lerPisCofinsSt } from './ler-impostos.js';

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
  'modo', 'empresa_id', 'referencia', 'natureza_operacao', 'presenca', 'destinatario', 'itens', 'pagamentos', 'totais', 'transporte', 'serie',
  'tipo_operacao', 'finalidade', 'chave_referenciada', 'item_referenciado', 'informacoes_adicionais',
] as const;
const PRESENCAS = Object.keys(PRESENCA_IND) as Presenca[];
const FINALIDADES: Finalidade[] = ['normal', 'complementar', 'ajuste', 'devolucao'];
const CONTRIBUINTES: Contribuinte[] = ['contribuinte', 'isento', 'nao_contribuinte'];
/**
 * Validates `POST /v1/nfe` in `modo` `informado`, reporting every problem at once with a JSON Pointer.
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
  const itens = lerItens(root, ctx, c, ajustes);
  if (itens.length) {
    ajustes.push(nfeAjuste('nfe_valor_total_item'), nfeAjuste('nfe_totais_somados'));
    if (itens.some((i) => i.ibs_cbs)) ajustes.push(nfeAjuste('nfe_totais_ibs_cbs_somados'));
    itens.forEach((item, i) => { if (!item.gtin) ajustes.push(nfeAjuste('nfe_sem_gtin', `/itens/${i}/gtin`)); });
  }
  const transporte = lerTransporte(root, itens, c, ajustes);
  if (presenca && ['2', '3', '4', '9'].includes(PRESENCA_IND[presenca])) ajustes.push(nfeAjuste('nfe_indintermed_padrao'));
  const somados = itens.length && !c.temErroEm('/itens') ? somarTotais(itens) : null;
  const pagamentos = lerPagamentos(root, somados, c, ajustes);
  const totais = lerTotais(root, somados, pagamentos, c);

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
    transporte,
    serie,
    tipo_operacao: tipo ?? 'saida',
    finalidade: finalidade ?? 'normal',
    chave_referenciada: chave,
    item_referenciado: itemRef,
    informacoes_adicionais: adicionais,
  };
  return { request, erros: [], ajustes };
}

/**
 * The 422 of a request with these problems. A devolução or complementar without the key of the original note has
 * a code of its own, which clients decide on: it is the problem's `codigo`, with every problem still in `erros[]`.
 */
export function invalidNfeRequest(erros: ValidationIssue[]): EngineError {
  const semChave = erros.find((e) => e.codigo === 'chave_referenciada_obrigatoria');
  if (semChave) return new EngineError('chave_referenciada_obrigatoria', semChave.mensagem, { campo: semChave.campo, correcao: semChave.correcao, extra: { erros } });
  return new EngineError('validacao', 'A requisição tem campos inválidos.', { correcao: 'Corrija cada item de erros e envie de novo.', extra: { erros } });
}

function lerChaveReferenciada(root: Objeto, finalidade: Finalidade, c: Coletor): string | undefined {
  const chave = lerTexto(root, 'chave_referenciada', '/chave_referenciada', c, { nome: 'A chave referenciada' });
  if (chave === undefined) {
    // Devolução and complementar always reference the original note.
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
  if (!NFE_KEY_SHAPE.test(limpa)) {
    c.formato('/chave_referenciada', 'A chave referenciada só aceita letras nas posições 7 a 18 (o CNPJ alfanumérico do emitente); as demais são dígitos.',
      'Copie a chave de acesso completa da nota original.');
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
  // With a CNPJ the name comes from the registry when absent (preencher-destinatario.ts); here it is required as filled.
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

const CAMPOS_ITEM = [
  'codigo', 'descricao', 'ncm', 'cfop', 'origem', 'unidade', 'quantidade', 'valor_unitario', 'gtin', 'cest', 'desconto', 'frete', 'seguro',
  'outras_despesas', 'icms', 'pis', 'cofins', 'ipi', 'ii', 'pis_st', 'cofins_st', 'icms_uf_dest', 'ibs_cbs',
] as const;

function lerItens(root: Objeto, ctx: NfeValidationContext, c: Coletor, ajustes: NfeAjuste[]): NfeItem[] {
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
    const it = lerObjeto(raw, base, CAMPOS_ITEM, c);
    if (!it) return;
    const antes = c.issues.length;
    const codigo = lerTexto(it, 'codigo', `${base}/codigo`, c, { obrigatorio: 'O código do item', max: 60 });
    const descricao = lerTexto(it, 'descricao', `${base}/descricao`, c, { obrigatorio: 'A descrição do item', max: 120 });
    const ncm = lerPadrao(it, 'ncm', `${base}/ncm`, /^(\d{8}|00)$/, 'NCM com 8 dígitos', '"84713012"', c, true);
    const cfop = lerPadrao(it, 'cfop', `${base}/cfop`, /^[123567]\d{3}$/, 'CFOP com 4 dígitos, iniciando em 1, 2, 3, 5, 6 ou 7', '"5102"', c, true);
    const origem = lerPadrao({ origem: codeText(it.origem) }, 'origem', `${base}/origem`, /^[0-8]$/, 'Origem da mercadoria de 0 a 8', '"0"', c, true);
    const unidade = lerTexto(it, 'unidade', `${base}/unidade`, c, { obrigatorio: 'A unidade', max: 6 });
    const quantidade = lerDecimal(it, 'quantidade', `${base}/quantidade`, c, QUANTIDADE, 'A quantidade');
    const valorUnitario = lerDecimal(it, 'valor_unitario', `${base}/valor_unitario`, c, VALOR_UNITARIO, 'O valor unitário');
    const gtin = lerPadrao(it, 'gtin', `${base}/gtin`, /^(\d{8}|\d{12,14})$/, 'GTIN com 8, 12, 13 ou 14 dígitos', '"7891000100103"', c, false);
    const cest = lerPadrao(it, 'cest', `${base}/cest`, /^\d{7}$/, 'CEST com 7 dígitos', '"2104700"', c, false);
    const desconto = lerDecimal(it, 'desconto', `${base}/desconto`, c, VALOR, undefined);
    const frete = lerDecimal(it, 'frete', `${base}/frete`, c, VALOR, undefined);
    const seguro = lerDecimal(it, 'seguro', `${base}/seguro`, c, VALOR, undefined);
    const outras = lerDecimal(it, 'outras_despesas', `${base}/outras_despesas`, c, VALOR, undefined);
    const icms = lerIcms(it, base, ctx.simples, c);
    const pis = lerPisCofins(it, 'pis', base, c);
    const cofins = lerPisCofins(it, 'cofins', base, c);
    const ipi = presente(it, 'ipi') ? lerIpi(it.ipi, `${base}/ipi`, c) : undefined;
    const ii = presente(it, 'ii') ? lerIi(it.ii, `${base}/ii`, cfop, c) : undefined;
    const pisSt = presente(it, 'pis_st') ? lerPisCofinsSt(it.pis_st, 'pis_st', `${base}/pis_st`, c) : undefined;
    const cofinsSt = presente(it, 'cofins_st') ? lerPisCofinsSt(it.cofins_st, 'cofins_st', `${base}/cofins_st`, c) : undefined;
    const ufDest = presente(it, 'icms_uf_dest') ? lerIcmsUfDest(it.icms_uf_dest, `${base}/icms_uf_dest`, c) : undefined;
    const ibsCbs = presente(it, 'ibs_cbs') ? lerIbsCbs(it.ibs_cbs, `${base}/ibs_cbs`, c, ajustes) : undefined;
    if (quantidade !== undefined && new Decimal(quantidade).isZero()) c.formato(`${base}/quantidade`, 'A quantidade deve ser maior que zero.', 'Informe a quantidade vendida.');
    if (desconto && quantidade && valorUnitario) {
      const vProd = new Decimal(quantidade).times(valorUnitario).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      if (new Decimal(desconto).gt(vProd)) {
        c.formato(`${base}/desconto`, `O desconto ${desconto} é maior que o valor do item (${vProd.toFixed(2)}).`, 'O desconto não pode passar do valor do item.');
      }
    }
    if (icms && pis && cofins && ipi !== null) checkTaxValues({ icms, pis, cofins, ipi }, base, c);
    if (c.issues.length > antes || !icms || !pis || !cofins) return;
    out.push({
      codigo: codigo!, descricao: descricao!, ncm: ncm!, cfop: cfop!, origem: origem!, unidade: unidade!, quantidade: quantidade!,
      valor_unitario: valorUnitario!, gtin, cest, desconto, frete, seguro, outras_despesas: outras, icms, pis, cofins,
      ipi: ipi ?? undefined, ii: ii ?? undefined, pis_st: pisSt ?? undefined, cofins_st: cofinsSt ?? undefined, icms_uf_dest: ufDest ?? undefined, ibs_cbs: ibsCbs ?? undefined,
    });
  });
  return out;
}

/**
 * modFrete. Without `transporte` there is no transport (9, nfe_transporte_sem_frete), unless the items carry
 * freight: who contracted it is a fact only the issuer knows, so then the modality is required.
 */
function lerTransporte(root: Objeto, itens: NfeItem[], c: Coletor, ajustes: NfeAjuste[]): NfeTransporte | undefined {
  if (!presente(root, 'transporte')) {
    if (itens.some((i) => i.frete !== undefined && !new Decimal(i.frete).isZero())) {
      c.obrigatorio('/transporte/modalidade', 'Com frete nos itens, a modalidade do frete', 'Informe transporte.modalidade (remetente, destinatario, terceiros, proprio_remetente ou proprio_destinatario).');
    } else {
      ajustes.push(nfeAjuste('nfe_transporte_sem_frete'));
    }
    return undefined;
  }
  const t = lerObjeto(root.transporte, '/transporte', ['modalidade'], c);
  if (!t) return undefined;
  const modalidade = lerEnum(t, 'modalidade', '/transporte/modalidade', Object.keys(MODALIDADES_FRETE) as ModalidadeFrete[], c, true);
  return modalidade ? { modalidade } : undefined;
}

/** Payments (detPag). A single one may omit `valor`: it pays the whole note (nfe_pagamento_valor_da_nota). */
function lerPagamentos(root: Objeto, somados: SomaTotais | null, c: Coletor, ajustes: NfeAjuste[]): NfePagamento[] {
  if (!Array.isArray(root.pagamentos) || root.pagamentos.length === 0 || root.pagamentos.length > 100) {
    if (!presente(root, 'pagamentos')) c.obrigatorio('/pagamentos', 'A lista de pagamentos');
    else c.formato('/pagamentos', 'pagamentos deve ser uma lista de 1 a 100 pagamentos.', 'Envie ao menos um pagamento com forma e valor.');
    return [];
  }
  const out: NfePagamento[] = [];
  const unico = root.pagamentos.length === 1;
  root.pagamentos.forEach((raw, i) => {
    const base = `/pagamentos/${i}`;
    const p = lerObjeto(raw, base, ['forma', 'valor', 'descricao'], c);
    if (!p) return;
    const forma = lerEnum(p, 'forma', `${base}/forma`, Object.keys(FORMAS_PAGAMENTO) as FormaPagamento[], c, true);
    let valor = lerDecimal(p, 'valor', `${base}/valor`, c, VALOR, unico ? undefined : 'O valor do pagamento');
    if (unico && !presente(p, 'valor') && somados) {
      valor = somados.vNF;
      ajustes.push(nfeAjuste('nfe_pagamento_valor_da_nota', `${base}/valor`));
    }
    const descricao = lerTexto(p, 'descricao', `${base}/descricao`, c, { min: 2, max: 60, nome: 'A descrição do pagamento' });
    if (forma === 'outros' && descricao === undefined && !c.temErroEm(`${base}/descricao`)) c.obrigatorio(`${base}/descricao`, 'A descrição do pagamento "outros"');
    if (forma && valor) out.push({ forma, valor, descricao });
  });
  return out;
}

/** `totais` sent are checked one by one against the sum of the items; payments must cover the note (rejection 866). */
function lerTotais(root: Objeto, somados: SomaTotais | null, pagamentos: NfePagamento[], c: Coletor): NfeTotais | undefined {
  const t = presente(root, 'totais') ? lerObjeto(root.totais, '/totais', Object.keys(TOTAIS_INFORMADOS), c) : null;
  const enviados: NfeTotais = {};
  for (const k of Object.keys(TOTAIS_INFORMADOS) as TotalInformado[]) {
    const v = t ? lerDecimal(t, k, `/totais/${k}`, c, VALOR, undefined) : undefined;
    if (v !== undefined) enviados[k] = v;
  }
  if (!somados) return t ? enviados : undefined;
  for (const [k, v] of Object.entries(enviados) as [TotalInformado, string][]) {
    const soma = totalSomado(somados, k);
    if (!new Decimal(v).eq(soma)) {
      c.formato(`/totais/${k}`, `${k} ${v} difere da soma dos itens (${soma}).`, 'Corrija o total ou remova-o para o serviço somar.');
    }
  }
  if (pagamentos.length && !c.temErroEm('/pagamentos')) {
    const pago = pagamentos.reduce((s, p) => s.plus(p.valor), new Decimal(0));
    if (!pagamentos.some((p) => p.forma === 'sem_pagamento') && pago.lt(somados.vNF)) {
      c.formato('/pagamentos', `Os pagamentos somam ${pago.toFixed(2)}, menos que o valor da nota (${somados.vNF}).`, 'Ajuste os valores dos pagamentos (rejeição 866 da SEFAZ).');
    }
  }
  return t ? enviados : undefined;
}
