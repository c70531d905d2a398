import { Decimal } from 'decimal.js';
import { camelName as camel, snakeName } from '../nucleo/validation-issues-of.js';
import { Coletor } from '../nucleo/coletor.js';
import { documentoFederal } from '../nucleo/documento-federal.js';
import type { Environment } from '../nucleo/environment.js';
import { bodyIssues } from '../nucleo/read-body.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { checkTaxValues } from './check-tax-values.js';
import { icmsOfItem } from './icms-of-item.js';
import { nfeAjuste, type NfeAjuste } from './nfe-ajuste.js';
import { inReadingOrder, nfeBody } from './nfe-body.js';
import {
  PRESENCA_IND,
  type Contribuinte,
  type Finalidade,
  type FormaPagamento,
  type ModalidadeFrete,
  type NfeDestinatario,
  type NfeIbsCbs,
  type NfeIcms,
  type NfeIcmsUfDest,
  type NfeIpi,
  type NfeItem,
  type NfePagamento,
  type NfePisCofins,
  type NfePisCofinsSt,
  type NfeRequest,
  type NfeTotais,
  type Presenca,
} from './nfe-request.js';
import { IPI_NT, PIS_NT } from './refine-nfe-item.js';
import { sumTotais, TOTAIS_INFORMADOS, totalSomado, type TotalInformado } from './sum-totais.js';

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

/** What `nfeBody` found in a body: its problems and its (partial) declared value. */
export type NfeBodyRead = ReturnType<typeof bodyIssues<typeof nfeBody>>;

type Members = Record<string, unknown>;
const isMembers = (x: unknown): x is Members => typeof x === 'object' && x !== null && !Array.isArray(x);
const sent = (o: Members, key: string) => o[key] !== undefined && o[key] !== null;

/** An `informado` body (the typed input, or a REST body in the declared shape) judged whole: see checkNfeBody. */
export function validateNfeBody(body: unknown, ctx: NfeValidationContext): NfeValidation {
  return checkNfeBody(bodyIssues(nfeBody, body), ctx);
}

/**
 * The rules of an `informado` body that need the company or the key, on what `nfeBody` read: the ICMS group by
 * the regime (CST or CSOSN) and its members, each tax value against its base and rate, the totals and payments
 * against the sum of the items; then the request the note is built from, with the adjustments of what the
 * service filled or derived. Every problem at once, each with its JSON Pointer.
 */
export function checkNfeBody(read: NfeBodyRead, ctx: NfeValidationContext): NfeValidation {
  const c = new Coletor();
  c.issues.push(...(read.ok ? [] : read.issues));
  const ajustes: NfeAjuste[] = [];
  const b = read.value as unknown;
  if (!isMembers(b)) return { request: null, erros: inReadingOrder(c.issues), ajustes };
  const valid = (campo: string) => !c.temErroEm(campo);
  const lido = (o: Members, key: string, campo: string) =>
    typeof o[key] === 'string' && o[key] !== '' && valid(campo) ? (o[key] as string) : undefined;

  if (!sent(b, 'modo')) ajustes.push(nfeAjuste('nfe_modo_informado'));
  if (!ctx.chaveRestritaEmpresa && (!sent(b, 'empresaId') || b.empresaId === '') && valid('/empresa_id'))
    c.obrigatorio('/empresa_id', 'O empresa_id');
  const serie = lido(b, 'serie', '/serie');
  if (serie === undefined) ajustes.push(nfeAjuste('nfe_serie_da_origem'));
  if (!sent(b, 'tipoOperacao')) ajustes.push(nfeAjuste('nfe_tipo_operacao_saida'));
  if (!sent(b, 'finalidade')) ajustes.push(nfeAjuste('nfe_finalidade_normal'));

  const destinatario = isMembers(b.destinatario) ? destinatarioOf(b.destinatario, lido) : null;
  if (destinatario && ctx.environment === 'test') ajustes.push(nfeAjuste('nfe_destinatario_homologacao'));
  if (destinatario?.endereco) ajustes.push(nfeAjuste('nfe_destino_operacao'));

  const itens: NfeItem[] = [];
  (Array.isArray(b.itens) ? b.itens : []).forEach((raw, i) => {
    const base = `/itens/${i}`;
    if (!isMembers(raw)) return;
    const antes = c.issues.length;
    const icms = icmsOfItem(raw, base, ctx.simples, c);
    // Each tax value is checked against its base and rate whenever its groups were read, whatever else is wrong.
    const grupoLido = (k: 'pis' | 'cofins' | 'ipi') =>
      isMembers(raw[k]) && valid(`${base}/${k}`) ? (raw[k] as Members) : undefined;
    const [pis, cofins, ipi] = [grupoLido('pis'), grupoLido('cofins'), grupoLido('ipi')];
    if (icms && pis && cofins && (ipi || !isMembers(raw.ipi))) {
      checkTaxValues(
        { icms, pis: pisCofinsOf(pis, 'pis'), cofins: pisCofinsOf(cofins, 'cofins'), ipi: ipi && ipiOf(ipi) },
        base,
        c,
      );
    }
    if (icms && c.issues.length === antes && valid(base)) itens.push(itemOf(raw, icms, ajustes, base));
  });
  if (itens.length) {
    ajustes.push(nfeAjuste('nfe_valor_total_item'), nfeAjuste('nfe_totais_somados'));
    if (itens.some((i) => i.ibs_cbs)) ajustes.push(nfeAjuste('nfe_totais_ibs_cbs_somados'));
    itens.forEach((item, i) => {
      if (!item.gtin) ajustes.push(nfeAjuste('nfe_sem_gtin', `/itens/${i}/gtin`));
    });
  }

  // Without `transporte` there is no transport (modFrete 9), unless the items carry freight: who contracted it is
  // a fact only the issuer knows, so then the modality is required.
  let transporte: NfeRequest['transporte'];
  if (!isMembers(b.transporte)) {
    if (itens.some((i) => i.frete !== undefined && !new Decimal(i.frete).isZero())) {
      c.obrigatorio(
        '/transporte/modalidade',
        'Com frete nos itens, a modalidade do frete',
        'Informe transporte.modalidade (remetente, destinatario, terceiros, proprio_remetente ou proprio_destinatario).',
      );
    } else {
      ajustes.push(nfeAjuste('nfe_transporte_sem_frete'));
    }
  } else {
    const modalidade = lido(b.transporte, 'modalidade', '/transporte/modalidade');
    transporte = modalidade ? { modalidade: modalidade as ModalidadeFrete } : undefined;
  }
  const presenca = lido(b, 'presenca', '/presenca') as Presenca | undefined;
  if (presenca && ['2', '3', '4', '9'].includes(PRESENCA_IND[presenca]))
    ajustes.push(nfeAjuste('nfe_indintermed_padrao'));

  const somados = itens.length && valid('/itens') ? sumTotais(itens) : null;
  const pagamentos: NfePagamento[] = [];
  if (Array.isArray(b.pagamentos) && valid('/pagamentos')) {
    const unico = b.pagamentos.length === 1;
    b.pagamentos.forEach((p, i) => {
      if (!isMembers(p)) return;
      const base = `/pagamentos/${i}`;
      const forma = lido(p, 'forma', `${base}/forma`) as FormaPagamento | undefined;
      let valor = lido(p, 'valor', `${base}/valor`);
      if (unico && !sent(p, 'valor') && somados) {
        valor = somados.vNF;
        ajustes.push(nfeAjuste('nfe_pagamento_valor_da_nota', `${base}/valor`));
      }
      if (forma && valor && valid(base))
        pagamentos.push({ forma, valor, descricao: lido(p, 'descricao', `${base}/descricao`) });
    });
  }

  // `totais` sent are checked one by one against the sum of the items; payments must cover the note (rejection 866).
  const enviados: NfeTotais = {};
  if (isMembers(b.totais)) {
    for (const k of Object.keys(TOTAIS_INFORMADOS) as TotalInformado[]) {
      const x = lido(b.totais, camel(k), `/totais/${k}`);
      if (x !== undefined) enviados[k] = x;
    }
  }
  if (somados) {
    for (const [k, x] of Object.entries(enviados) as [TotalInformado, string][]) {
      const soma = totalSomado(somados, k);
      if (!new Decimal(x).eq(soma))
        c.formato(
          `/totais/${k}`,
          `${k} ${x} difere da soma dos itens (${soma}).`,
          'Corrija o total ou remova-o para o serviço somar.',
        );
    }
    if (pagamentos.length && valid('/pagamentos')) {
      const pago = pagamentos.reduce((s, p) => s.plus(p.valor), new Decimal(0));
      if (!pagamentos.some((p) => p.forma === 'sem_pagamento') && pago.lt(somados.vNF)) {
        c.formato(
          '/pagamentos',
          `Os pagamentos somam ${pago.toFixed(2)}, menos que o valor da nota (${somados.vNF}).`,
          'Ajuste os valores dos pagamentos (rejeição 866 da SEFAZ).',
        );
      }
    }
  }

  if (c.issues.length || !destinatario) return { request: null, erros: inReadingOrder(c.issues), ajustes };
  const request: NfeRequest = {
    modo: 'informado',
    empresa_id: typeof b.empresaId === 'string' ? b.empresaId.trim() : undefined,
    referencia: lido(b, 'referencia', '/referencia'),
    natureza_operacao: b.naturezaOperacao as string,
    presenca: presenca!,
    destinatario,
    itens,
    pagamentos,
    totais: isMembers(b.totais) ? enviados : undefined,
    transporte,
    serie,
    tipo_operacao: (lido(b, 'tipoOperacao', '/tipo_operacao') ?? 'saida') as 'entrada' | 'saida',
    finalidade: (lido(b, 'finalidade', '/finalidade') ?? 'normal') as Finalidade,
    chave_referenciada: lido(b, 'chaveReferenciada', '/chave_referenciada'),
    item_referenciado: typeof b.itemReferenciado === 'number' ? b.itemReferenciado : undefined,
    informacoes_adicionais: lido(b, 'informacoesAdicionais', '/informacoes_adicionais'),
  };
  return { request, erros: [], ajustes };
}

type Lido = (o: Members, key: string, campo: string) => string | undefined;

function destinatarioOf(d: Members, lido: Lido): NfeDestinatario | null {
  const doc = lido(d, 'documento', '/destinatario/documento');
  const documento = doc ? documentoFederal(doc) : null;
  const nome = lido(d, 'nome', '/destinatario/nome');
  if (!documento || !nome) return null;
  const e = d.endereco;
  const base = '/destinatario/endereco';
  const endereco =
    isMembers(e) &&
    lido(e, 'logradouro', `${base}/logradouro`) &&
    lido(e, 'numero', `${base}/numero`) &&
    lido(e, 'bairro', `${base}/bairro`) &&
    lido(e, 'municipio', `${base}/municipio`)
      ? {
          logradouro: e.logradouro as string,
          numero: e.numero as string,
          complemento: lido(e, 'complemento', `${base}/complemento`),
          bairro: e.bairro as string,
          municipio: e.municipio as string,
          cep: lido(e, 'cep', `${base}/cep`),
        }
      : undefined;
  return {
    documento: documento.numero,
    tipo_documento: documento.tipo,
    nome,
    contribuinte: (lido(d, 'contribuinte', '/destinatario/contribuinte') ?? 'nao_contribuinte') as Contribuinte,
    inscricao_estadual: lido(d, 'inscricaoEstadual', '/destinatario/inscricao_estadual'),
    email: lido(d, 'email', '/destinatario/email'),
    endereco,
  };
}

const texto = (o: Members, key: string) => (typeof o[key] === 'string' ? (o[key] as string) : undefined);

/** An item the declaration and the ICMS check found no problem in, as the XML is built from it. */
function itemOf(it: Members, icms: NfeIcms, ajustes: NfeAjuste[], base: string): NfeItem {
  const grupo = (k: string) => (isMembers(it[k]) ? (it[k] as Members) : undefined);
  return {
    codigo: it.codigo as string,
    descricao: it.descricao as string,
    ncm: it.ncm as string,
    cfop: it.cfop as string,
    origem: it.origem as string,
    unidade: it.unidade as string,
    quantidade: it.quantidade as string,
    valor_unitario: it.valorUnitario as string,
    gtin: texto(it, 'gtin'),
    cest: texto(it, 'cest'),
    desconto: texto(it, 'desconto'),
    frete: texto(it, 'frete'),
    seguro: texto(it, 'seguro'),
    outras_despesas: texto(it, 'outrasDespesas'),
    icms,
    pis: pisCofinsOf(grupo('pis')!, 'pis'),
    cofins: pisCofinsOf(grupo('cofins')!, 'cofins'),
    ipi: grupo('ipi') && ipiOf(grupo('ipi')!),
    ii: grupo('ii') && {
      v_bc: texto(it.ii as Members, 'vBc')!,
      v_desp_adu: texto(it.ii as Members, 'vDespAdu')!,
      v_ii: texto(it.ii as Members, 'vIi')!,
      v_iof: texto(it.ii as Members, 'vIof')!,
    },
    pis_st: grupo('pisSt') && pisCofinsStOf(grupo('pisSt')!, 'pis'),
    cofins_st: grupo('cofinsSt') && pisCofinsStOf(grupo('cofinsSt')!, 'cofins'),
    icms_uf_dest: grupo('icmsUfDest') && icmsUfDestOf(grupo('icmsUfDest')!),
    ibs_cbs: grupo('ibsCbs') && ibsCbsOf(grupo('ibsCbs')!, `${base}/ibs_cbs`, ajustes),
  };
}

function pisCofinsOf(g: Members, key: 'pis' | 'cofins'): NfePisCofins {
  const cst = g.cst as string;
  if (PIS_NT.includes(cst)) return { cst };
  const [taxa, valor] = key === 'pis' ? ['pPis', 'vPis'] : ['pCofins', 'vCofins'];
  const porQuantidade =
    ['03'].includes(cst) || (!['01', '02'].includes(cst) && (sent(g, 'qBcProd') || sent(g, 'vAliqProd')));
  return porQuantidade
    ? { cst, q_bc_prod: texto(g, 'qBcProd'), v_aliq_prod: texto(g, 'vAliqProd'), valor: texto(g, valor) }
    : { cst, v_bc: texto(g, 'vBc'), aliquota: texto(g, taxa), valor: texto(g, valor) };
}

function ipiOf(g: Members): NfeIpi {
  const [cEnq, cst] = [g.cEnq as string, g.cst as string];
  if (IPI_NT.includes(cst)) return { c_enq: cEnq, cst };
  return sent(g, 'qUnid') || sent(g, 'vUnid')
    ? { c_enq: cEnq, cst, q_unid: texto(g, 'qUnid'), v_unid: texto(g, 'vUnid'), v_ipi: texto(g, 'vIpi') }
    : { c_enq: cEnq, cst, v_bc: texto(g, 'vBc'), p_ipi: texto(g, 'pIpi'), v_ipi: texto(g, 'vIpi') };
}

function pisCofinsStOf(g: Members, tax: 'pis' | 'cofins'): NfePisCofinsSt {
  const [taxa, valor] = tax === 'pis' ? ['pPis', 'vPis'] : ['pCofins', 'vCofins'];
  return sent(g, 'qBcProd') || sent(g, 'vAliqProd')
    ? { q_bc_prod: texto(g, 'qBcProd'), v_aliq_prod: texto(g, 'vAliqProd'), valor: texto(g, valor)! }
    : { v_bc: texto(g, 'vBc'), aliquota: texto(g, taxa), valor: texto(g, valor)! };
}

function icmsUfDestOf(g: Members): NfeIcmsUfDest {
  return {
    v_bc_uf_dest: texto(g, 'vBcUfDest')!,
    v_bc_fcp_uf_dest: texto(g, 'vBcFcpUfDest'),
    p_fcp_uf_dest: texto(g, 'pFcpUfDest'),
    p_icms_uf_dest: texto(g, 'pIcmsUfDest')!,
    p_icms_inter: texto(g, 'pIcmsInter')!,
    p_icms_inter_part: texto(g, 'pIcmsInterPart')!,
    v_fcp_uf_dest: texto(g, 'vFcpUfDest'),
    v_icms_uf_dest: texto(g, 'vIcmsUfDest')!,
    v_icms_uf_remet: texto(g, 'vIcmsUfRemet')!,
  };
}

const GRED = [
  ['pRedIbsUf', 'pAliqEfetIbsUf'],
  ['pRedIbsMun', 'pAliqEfetIbsMun'],
  ['pRedCbs', 'pAliqEfetCbs'],
] as const;

/** vIBS is the state part plus the municipal part: derived when absent (nfe_ibs_soma_uf_municipio). */
function ibsCbsOf(g: Members, campo: string, ajustes: NfeAjuste[]): NfeIbsCbs {
  const out: NfeIbsCbs = { cst: g.cst as string, c_class_trib: g.cClassTrib as string };
  if (!['vBc', 'pIbsUf', 'vIbsUf', 'pIbsMun', 'vIbsMun', 'pCbs', 'vCbs', 'vIbs'].some((k) => sent(g, k))) return out;
  Object.assign(out, {
    v_bc: texto(g, 'vBc'),
    p_ibs_uf: texto(g, 'pIbsUf'),
    v_ibs_uf: texto(g, 'vIbsUf'),
    p_ibs_mun: texto(g, 'pIbsMun'),
    v_ibs_mun: texto(g, 'vIbsMun'),
    p_cbs: texto(g, 'pCbs'),
    v_cbs: texto(g, 'vCbs'),
  });
  for (const par of GRED) {
    if (!par.some((k) => sent(g, k))) continue;
    for (const k of par) Object.assign(out, { [snakeName(k)]: texto(g, k)! });
  }
  if (!sent(g, 'vIbs')) ajustes.push(nfeAjuste('nfe_ibs_soma_uf_municipio', `${campo}/v_ibs`));
  return { ...out, v_ibs: new Decimal(out.v_ibs_uf!).plus(out.v_ibs_mun!).toFixed(2) };
}
