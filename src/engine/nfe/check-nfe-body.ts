import { Decimal } from 'decimal.js';
import { camelName as camel } from '../nucleo/validation-issues-of.js';
import { boundedIssues } from '../nucleo/bounded-issues.js';
import { Coletor } from '../nucleo/coletor.js';
import { documentoFederal } from '../nucleo/documento-federal.js';
import type { Environment } from '../nucleo/environment.js';
import { bodyIssues } from '../nucleo/read-body.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { municipio } from '../tabelas/index.js';
import { checkIcmsUfDest, type UfsDaNota } from './check-icms-uf-dest.js';
import { checkItemCbenef, type NotaCbenef } from './check-item-cbenef.js';
import { checkIbsCbsItem } from './check-ibs-cbs-item.js';
import { checkTaxValues } from './check-tax-values.js';
import { icmsOfItem } from './icms-of-item.js';
import { nfeAjuste, type NfeAjuste } from './nfe-ajuste.js';
import { inReadingOrder, listaLida, MAX_ITENS, MAX_PAGAMENTOS, nfeBody } from './nfe-body.js';
import {
  PRESENCA_IND,
  type Contribuinte,
  type Finalidade,
  type FormaPagamento,
  type ModalidadeFrete,
  type NfeDestinatario,
  type NfeItem,
  type NfePagamento,
  type NfeRequest,
  type NfeTotais,
  type Presenca,
} from './nfe-request.js';
import { ipiOf, nfeItemOf, pisCofinsOf } from './nfe-item-of.js';
import {
  CSTAT_TOTAL,
  sumTotais,
  TOTAIS_INFORMADOS,
  totalSomado,
  type SomaTotais,
  type TotalInformado,
} from './sum-totais.js';
import { isMembers, type Members } from './is-members.js';

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
  /** The issue date (`AAAA-MM-DD`, Brasília): the year whose IBS/CBS rates the authoriser checks. */
  dia: string;
  /** The issuer's UF, whose authoriser's cBenef rules the items are judged by; without it they are not. */
  uf?: string;
}

/** What `nfeBody` found in a body: its problems and its (partial) declared value. */
export type NfeBodyRead = ReturnType<typeof bodyIssues<typeof nfeBody>>;

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
  if (!isMembers(b)) return { request: null, erros: boundedIssues(inReadingOrder(c.issues)), ajustes };
  const leitura = leituraOf(c, ajustes);
  const serie = readCabecalho(b, ctx, leitura);
  const destinatario = readDestinatario(b, ctx, leitura);
  const itens = readItens(b, ctx, leitura);
  const transporte = readTransporte(b, itens, leitura);
  const presenca = readPresenca(b, leitura);
  const somados = itens.length && leitura.valid('/itens') ? sumTotais(itens) : null;
  const pagamentos = readPagamentos(b, somados, leitura);
  const totais = readTotais(b, leitura);
  if (somados) checkAgainstItems(somados, { totais, pagamentos }, leitura);
  if (c.issues.length || !destinatario)
    return { request: null, erros: boundedIssues(inReadingOrder(c.issues)), ajustes };
  const partes = { serie, destinatario, itens, pagamentos, totais, transporte, presenca: presenca! };
  return { request: requestOf(b, partes, leitura.lido), erros: [], ajustes };
}

type Lido = (o: Members, key: string, campo: string) => string | undefined;

/** The issuer's UF and the recipient's (the issuer's when the recipient has no address); null without the issuer's. */
function ufsDaNota(b: Members, ctx: NfeValidationContext): UfsDaNota | null {
  if (!ctx.uf) return null;
  const endereco = isMembers(b.destinatario) && isMembers(b.destinatario.endereco) ? b.destinatario.endereco : null;
  const ufDestino = typeof endereco?.municipio === 'string' ? municipio(endereco.municipio)?.uf : undefined;
  return { emitente: ctx.uf, destino: ufDestino ?? ctx.uf };
}

/** The facts the cBenef rules read: the issuer's UF, the recipient's, and whether the note is one of the exceptions. */
function notaCbenef(b: Members, ctx: NfeValidationContext): NotaCbenef | null {
  const ufs = ufsDaNota(b, ctx);
  if (!ufs) return null;
  const finalidade = typeof b.finalidade === 'string' ? b.finalidade : 'normal';
  return {
    uf: ufs.emitente,
    dia: ctx.dia,
    simples: ctx.simples,
    interna: ufs.destino === ufs.emitente,
    excecao: b.tipoOperacao === 'entrada' || finalidade === 'devolucao' || finalidade === 'ajuste',
  };
}

/** A body being judged: where its problems and adjustments go, and its members as read when they have no problem. */
interface Leitura {
  c: Coletor;
  ajustes: NfeAjuste[];
  /** The pointer has no problem so far. */
  valid: (campo: string) => boolean;
  /** A non-empty text member without a problem at `campo`. */
  lido: Lido;
}

function leituraOf(c: Coletor, ajustes: NfeAjuste[]): Leitura {
  const valid = (campo: string) => !c.temErroEm(campo);
  const lido = (o: Members, key: string, campo: string) =>
    typeof o[key] === 'string' && o[key] !== '' && valid(campo) ? (o[key] as string) : undefined;
  return { c, ajustes, valid, lido };
}

/** The note's own members: the company (unless the key names it), and the defaults of mode, series, type and purpose. */
function readCabecalho(
  b: Members,
  ctx: NfeValidationContext,
  { c, ajustes, valid, lido }: Leitura,
): string | undefined {
  if (!sent(b, 'modo')) ajustes.push(nfeAjuste('nfe_modo_informado'));
  if (!ctx.chaveRestritaEmpresa && (!sent(b, 'empresaId') || b.empresaId === '') && valid('/empresa_id'))
    c.obrigatorio('/empresa_id', 'O empresa_id');
  const serie = lido(b, 'serie', '/serie');
  if (serie === undefined) ajustes.push(nfeAjuste('nfe_serie_da_origem'));
  if (!sent(b, 'tipoOperacao')) ajustes.push(nfeAjuste('nfe_tipo_operacao_saida'));
  if (!sent(b, 'finalidade')) ajustes.push(nfeAjuste('nfe_finalidade_normal'));
  return serie;
}

function readDestinatario(b: Members, ctx: NfeValidationContext, { ajustes, lido }: Leitura): NfeDestinatario | null {
  const destinatario = isMembers(b.destinatario) ? destinatarioOf(b.destinatario, lido) : null;
  if (destinatario && ctx.environment === 'test') ajustes.push(nfeAjuste('nfe_destinatario_homologacao'));
  if (destinatario?.endereco) ajustes.push(nfeAjuste('nfe_destino_operacao'));
  return destinatario;
}

/**
 * The items without problems, each tax value checked against its base and rate (the IBS/CBS also against the year's
 * rates); then the items' adjustments.
 */
function readItens(b: Members, ctx: NfeValidationContext, { c, ajustes, valid }: Leitura): NfeItem[] {
  const { simples, dia } = ctx;
  const nota = notaCbenef(b, ctx);
  const ufs = ufsDaNota(b, ctx);
  const itens: NfeItem[] = [];
  listaLida(b.itens, MAX_ITENS).forEach((raw, i) => {
    const base = `/itens/${i}`;
    if (!isMembers(raw)) return;
    const antes = c.issues.length;
    const icms = icmsOfItem(raw, base, simples, c);
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
    if (icms && c.issues.length === antes && valid(base)) {
      const item = nfeItemOf(raw, icms, ajustes, base);
      checkIbsCbsItem(item, base, dia, c);
      if (nota) checkItemCbenef(item, base, nota, c);
      checkIcmsUfDest(item, base, ufs, c);
      if (c.issues.length === antes) itens.push(item);
    }
  });
  if (itens.length) {
    ajustes.push(nfeAjuste('nfe_valor_total_item'), nfeAjuste('nfe_totais_somados'));
    if (itens.some((i) => i.ibs_cbs)) ajustes.push(nfeAjuste('nfe_totais_ibs_cbs_somados'));
    itens.forEach((item, i) => {
      if (!item.gtin) ajustes.push(nfeAjuste('nfe_sem_gtin', `/itens/${i}/gtin`));
    });
  }
  return itens;
}

/**
 * Without `transporte` there is no transport (modFrete 9), unless the items carry freight: who contracted it is a
 * fact only the issuer knows, so then the modality is required.
 */
function readTransporte(b: Members, itens: NfeItem[], { c, ajustes, lido }: Leitura): NfeRequest['transporte'] {
  if (isMembers(b.transporte)) {
    const modalidade = lido(b.transporte, 'modalidade', '/transporte/modalidade');
    return modalidade ? { modalidade: modalidade as ModalidadeFrete } : undefined;
  }
  if (itens.some((i) => i.frete !== undefined && !new Decimal(i.frete).isZero())) {
    c.obrigatorio(
      '/transporte/modalidade',
      'Com frete nos itens, a modalidade do frete',
      'Informe transporte.modalidade (remetente, destinatario, terceiros, proprio_remetente ou proprio_destinatario).',
    );
  } else {
    ajustes.push(nfeAjuste('nfe_transporte_sem_frete'));
  }
  return undefined;
}

/** A sale that is not in person carries indIntermed, "without intermediary" unless told otherwise. */
function readPresenca(b: Members, { ajustes, lido }: Leitura): Presenca | undefined {
  const presenca = lido(b, 'presenca', '/presenca') as Presenca | undefined;
  if (presenca && ['2', '3', '4', '9'].includes(PRESENCA_IND[presenca]))
    ajustes.push(nfeAjuste('nfe_indintermed_padrao'));
  return presenca;
}

/** The payments without problems; a single one without `valor` pays the whole note. */
function readPagamentos(b: Members, somados: SomaTotais | null, { ajustes, valid, lido }: Leitura): NfePagamento[] {
  const pagamentos: NfePagamento[] = [];
  if (!Array.isArray(b.pagamentos) || !valid('/pagamentos')) return pagamentos;
  const unico = b.pagamentos.length === 1;
  listaLida(b.pagamentos, MAX_PAGAMENTOS).forEach((p, i) => {
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
  return pagamentos;
}

/** The `totais` sent, without problems; undefined when the body has none. */
function readTotais(b: Members, { lido }: Leitura): NfeTotais | undefined {
  if (!isMembers(b.totais)) return undefined;
  const enviados: NfeTotais = {};
  for (const k of Object.keys(TOTAIS_INFORMADOS) as TotalInformado[]) {
    const x = lido(b.totais, camel(k), `/totais/${k}`);
    if (x !== undefined) enviados[k] = x;
  }
  return enviados;
}

/** `totais` sent are checked one by one against the sum of the items; payments must cover the note (rejection 866). */
function checkAgainstItems(
  somados: SomaTotais,
  { totais, pagamentos }: { totais: NfeTotais | undefined; pagamentos: NfePagamento[] },
  { c, valid }: Leitura,
): void {
  for (const [k, x] of Object.entries(totais ?? {}) as [TotalInformado, string][]) {
    const soma = totalSomado(somados, k);
    const cStat = CSTAT_TOTAL[k];
    if (!new Decimal(x).eq(soma))
      c.formato(
        `/totais/${k}`,
        `${k} ${x} difere da soma dos itens (${soma})${cStat ? ` (rejeição ${cStat} da SEFAZ)` : ''}.`,
        'Corrija o total ou remova-o para o serviço somar.',
        cStat,
      );
  }
  if (!pagamentos.length || !valid('/pagamentos')) return;
  const pago = pagamentos.reduce((s, p) => s.plus(p.valor), new Decimal(0));
  if (!pagamentos.some((p) => p.forma === 'sem_pagamento') && pago.lt(somados.vNF)) {
    c.formato(
      '/pagamentos',
      `Os pagamentos somam ${pago.toFixed(2)}, menos que o valor da nota (${somados.vNF}).`,
      'Ajuste os valores dos pagamentos (rejeição 866 da SEFAZ).',
    );
  }
}

/** The parts of the request read by the steps above. */
type PartesLidas = Pick<
  NfeRequest,
  'serie' | 'destinatario' | 'itens' | 'pagamentos' | 'totais' | 'transporte' | 'presenca'
>;

/** The request the note is built from, once the body has no problem. */
function requestOf(b: Members, partes: PartesLidas, lido: Lido): NfeRequest {
  return {
    modo: 'informado',
    empresa_id: typeof b.empresaId === 'string' ? b.empresaId.trim() : undefined,
    referencia: lido(b, 'referencia', '/referencia'),
    natureza_operacao: b.naturezaOperacao as string,
    presenca: partes.presenca,
    destinatario: partes.destinatario,
    itens: partes.itens,
    pagamentos: partes.pagamentos,
    totais: partes.totais,
    transporte: partes.transporte,
    serie: partes.serie,
    tipo_operacao: (lido(b, 'tipoOperacao', '/tipo_operacao') ?? 'saida') as 'entrada' | 'saida',
    finalidade: (lido(b, 'finalidade', '/finalidade') ?? 'normal') as Finalidade,
    chave_referenciada: lido(b, 'chaveReferenciada', '/chave_referenciada'),
    item_referenciado: typeof b.itemReferenciado === 'number' ? b.itemReferenciado : undefined,
    informacoes_adicionais: lido(b, 'informacoesAdicionais', '/informacoes_adicionais'),
  };
}

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
