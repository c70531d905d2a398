import { Decimal } from 'decimal.js';
import type { Environment } from '../nucleo/environment.js';
import type { CompanyEndereco } from '../empresas/company-body.js';
import { NFE_NS } from '../xml/nfe-ns.js';
import { el, escapeAttr, group } from '../xml/el.js';
import { municipio } from '../tabelas/index.js';
import {
  ibsCbsTotXml,
  ibsCbsXml,
  isTotXml,
  isXml,
  icmsUfDestXml,
  icmsXml,
  iiXml,
  ipiXml,
  pisCofinsStXml,
  pisCofinsXml,
} from './build-nfe-tax-xml.js';
import { autXmlXml } from './aut-xml.js';
import { QUANTIDADE, VALOR, VALOR_UNITARIO, decimalXml } from './nfe-decimal.js';
import {
  FINALIDADE_FIN,
  FORMAS_PAGAMENTO,
  MODALIDADES_FRETE,
  PRESENCA_IND,
  type NfeItem,
  type NfeRequest,
} from './nfe-request.js';
import { sumTotais } from './sum-totais.js';

export const VER_PROC = 'fiscal-api 0.1';
/** Recipient name in homologação, fixed by the SEFAZs (rejection 598 otherwise). */
export const XNOME_HOMOLOGACAO = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

export interface NfeEmitente {
  cnpj: string;
  razaoSocial: string;
  inscricaoEstadual: string;
  /** IBGE code of the company's municipality. */
  municipio: string;
  endereco: CompanyEndereco;
  /** CRT: 1 Simples Nacional, 3 regime normal, 4 MEI. */
  crt: '1' | '3' | '4';
}

export interface BuildNfeXmlInput {
  environment: Environment;
  emitente: NfeEmitente;
  request: NfeRequest;
  serie: string;
  numero: bigint;
  chave: string;
  cNF: string;
  cDV: string;
  emissao: Date;
  /** CPF/CNPJ of the autXML groups (autXmlOf); absent = none. */
  autXml?: readonly string[];
}

/** The unsigned `<NFe>` of layout 4.00 (model 55, normal emission); Signature is appended by signNfeXml. */
export function buildNfeXml(input: BuildNfeXmlInput): string {
  const { request: r, emitente: e } = input;
  const totais = sumTotais(r.itens);
  const mun = municipio(e.municipio)!;
  const destMun = r.destinatario.endereco ? municipio(r.destinatario.endereco.municipio) : null;
  const indIEDest =
    r.destinatario.contribuinte === 'contribuinte' ? '1' : r.destinatario.contribuinte === 'isento' ? '2' : '9';
  // idDest: 1 internal, 2 interstate (3 abroad is not accepted yet); without an address the operation is internal.
  const ide = ideXml(input, { idDest: destMun && destMun.uf !== mun.uf ? '2' : '1', indIEDest });
  const det = r.itens.map((item, i) => detXml(item, i, totais.itens[i]!, totais.comIbsCbs?.vItens[i], r)).join('');
  const icmsTot = Object.entries(totais.icmsTot)
    .map(([tag, v]) => el(tag, v))
    .join('');
  const modFrete = MODALIDADES_FRETE[r.transporte?.modalidade ?? 'sem_frete'];
  const infNFe =
    `<infNFe versao="4.00" Id="NFe${escapeAttr(input.chave)}">` +
    group('ide', ide) +
    group('emit', emitXml(e, mun)) +
    group('dest', destXml(input, destMun, indIEDest)) +
    autXmlXml(input.autXml ?? []) +
    det +
    group(
      'total',
      group('ICMSTot', icmsTot),
      isTotXml(totais.vIS),
      ibsCbsTotXml(totais.ibsCbs),
      el('vNFTot', totais.comIbsCbs?.vNFTot),
    ) +
    group('transp', el('modFrete', modFrete)) +
    group('pag', pagXml(r.pagamentos, totais.vNF)) +
    group('infAdic', el('infCpl', r.informacoes_adicionais)) +
    '</infNFe>';
  return `<NFe xmlns="${NFE_NS}">${infNFe}</NFe>`;
}

type Municipio = NonNullable<ReturnType<typeof municipio>>;

/** The identification of the note: key parts, number, dates, type, destination, purpose and presence. */
function ideXml(input: BuildNfeXmlInput, { idDest, indIEDest }: { idDest: string; indIEDest: string }): string {
  const { request: r } = input;
  const indPres = PRESENCA_IND[r.presenca];
  return (
    el('cUF', input.chave.slice(0, 2)) +
    el('cNF', input.cNF) +
    el('natOp', r.natureza_operacao) +
    el('mod', '55') +
    el('serie', input.serie) +
    el('nNF', input.numero.toString()) +
    el('dhEmi', brasilia(input.emissao)) +
    el('tpNF', r.tipo_operacao === 'entrada' ? '0' : '1') +
    el('idDest', idDest) +
    el('cMunFG', input.emitente.municipio) +
    el('tpImp', '1') +
    el('tpEmis', '1') +
    el('cDV', input.cDV) +
    el('tpAmb', input.environment === 'live' ? '1' : '2') +
    el('finNFe', FINALIDADE_FIN[r.finalidade]) +
    // A recipient outside the ICMS (indIEDest 9) buys as final consumer (MOC 4.00, indFinal).
    el('indFinal', indIEDest === '9' ? '1' : '0') +
    el('indPres', indPres) +
    // indIntermed is required for non-presential sales (rejection 435 "sem intermediador" default, NT 2020.006).
    (['2', '3', '4', '9'].includes(indPres) ? el('indIntermed', '0') : '') +
    el('procEmi', '0') +
    el('verProc', VER_PROC) +
    (r.chave_referenciada && r.finalidade !== 'devolucao' ? group('NFref', el('refNFe', r.chave_referenciada)) : '')
  );
}

function emitXml(e: NfeEmitente, mun: Municipio): string {
  return (
    el('CNPJ', e.cnpj) +
    el('xNome', e.razaoSocial) +
    group(
      'enderEmit',
      el('xLgr', e.endereco.logradouro),
      el('nro', e.endereco.numero),
      el('xCpl', e.endereco.complemento),
      el('xBairro', e.endereco.bairro),
      el('cMun', e.municipio),
      el('xMun', mun.nome),
      el('UF', mun.uf),
      el('CEP', e.endereco.cep),
      el('cPais', '1058'),
      el('xPais', 'Brasil'),
    ) +
    el('IE', e.inscricaoEstadual) +
    el('CRT', e.crt)
  );
}

/** The recipient; in homologação its name is the one the SEFAZs require. */
function destXml(input: BuildNfeXmlInput, destMun: Municipio | null, indIEDest: string): string {
  const d = input.request.destinatario;
  const end = d.endereco;
  return (
    el(d.tipo_documento === 'cpf' ? 'CPF' : 'CNPJ', d.documento) +
    el('xNome', input.environment === 'test' ? XNOME_HOMOLOGACAO : d.nome) +
    (end && destMun
      ? group(
          'enderDest',
          el('xLgr', end.logradouro),
          el('nro', end.numero),
          el('xCpl', end.complemento),
          el('xBairro', end.bairro),
          el('cMun', end.municipio),
          el('xMun', destMun.nome),
          el('UF', destMun.uf),
          el('CEP', end.cep),
          el('cPais', '1058'),
          el('xPais', 'Brasil'),
        )
      : '') +
    el('indIEDest', indIEDest) +
    el('IE', d.inscricao_estadual) +
    el('email', d.email)
  );
}

/** The payments, and the change when they pay more than the note (never for "sem pagamento"). */
function pagXml(pagamentos: NfeRequest['pagamentos'], vNF: string): string {
  const pago = pagamentos.reduce((s, p) => s.plus(p.valor), new Decimal(0));
  const troco = pago.minus(vNF);
  return (
    pagamentos
      .map((p) =>
        group(
          'detPag',
          el('tPag', FORMAS_PAGAMENTO[p.forma]),
          el('xPag', p.descricao),
          el('vPag', decimalXml(p.valor, VALOR)),
        ),
      )
      .join('') +
    (troco.gt(0) && !pagamentos.some((p) => p.forma === 'sem_pagamento') ? el('vTroco', troco.toFixed(2)) : '')
  );
}

function detXml(item: NfeItem, index: number, vProd: string, vItem: string | undefined, r: NfeRequest): string {
  const gtin = item.gtin ?? 'SEM GTIN';
  const qtd = decimalXml(item.quantidade, QUANTIDADE);
  const unitario = decimalXml(item.valor_unitario, VALOR_UNITARIO);
  // vFrete, vSeg, vDesc and vOutro are TDec_1302Opc: a zero is not accepted, so it is left out.
  const opcional = (tag: string, v: string | undefined) =>
    v === undefined || new Decimal(v).isZero() ? '' : el(tag, decimalXml(v, VALOR));
  const prod =
    el('cProd', item.codigo) +
    el('cEAN', gtin) +
    el('xProd', item.descricao) +
    el('NCM', item.ncm) +
    el('CEST', item.cest) +
    el('cBenef', item.c_benef) +
    el('CFOP', item.cfop) +
    el('uCom', item.unidade) +
    el('qCom', qtd) +
    el('vUnCom', unitario) +
    el('vProd', vProd) +
    el('cEANTrib', gtin) +
    el('uTrib', item.unidade) +
    el('qTrib', qtd) +
    el('vUnTrib', unitario) +
    opcional('vFrete', item.frete) +
    opcional('vSeg', item.seguro) +
    opcional('vDesc', item.desconto) +
    opcional('vOutro', item.outras_despesas) +
    el('indTot', '1');
  const imposto = group(
    'imposto',
    icmsXml(item.icms, item.origem),
    ipiXml(item.ipi),
    iiXml(item.ii),
    pisCofinsXml('PIS', item.pis),
    pisCofinsStXml('PIS', item.pis_st),
    pisCofinsXml('COFINS', item.cofins),
    pisCofinsStXml('COFINS', item.cofins_st),
    icmsUfDestXml(item.icms_uf_dest),
    isXml(item.is),
    ibsCbsXml(item.ibs_cbs),
  );
  // A return references the original note per item (DFeReferenciado, PL_010), other purposes at note
  // level (NFref); both together are rejection 1010.
  const ref =
    r.finalidade === 'devolucao' && r.chave_referenciada
      ? group('DFeReferenciado', el('chaveAcesso', r.chave_referenciada), el('nItem', r.item_referenciado?.toString()))
      : '';
  return `<det nItem="${index + 1}">${group('prod', prod)}${imposto}${el('vItem', vItem)}${ref}</det>`;
}

/** TDateTimeUTC with the Brasília offset: AAAA-MM-DDThh:mm:ss-03:00. */
export function brasilia(at: Date): string {
  const local = new Date(Math.floor(at.getTime() / 1000) * 1000 - 3 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}
