import { Decimal } from 'decimal.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import type { Coletor } from '../nucleo/coletor.js';
import { ICMS_CAMPOS } from './icms-grupos.js';
import { nfeAjuste, type NfeAjuste } from './nfe-ajuste.js';
import type { NfeItemBody } from './nfe-item-body.js';
import { camelMembers } from './nfe-member.js';

/** An item of the origin note: its product and its tax groups as the `informado` request spells them. */
interface ItemDeOrigem {
  nItem: number;
  codigo: string;
  descricao: string;
  ncm: string;
  cest?: string;
  origem: string;
  unidade: string;
  quantidade: string;
  valorUnitario: string;
  grupos: Record<string, Record<string, string>>;
}

const ICMS_POR_TAG = Object.fromEntries(Object.entries(ICMS_CAMPOS).map(([snake, [tag]]) => [tag, snake]));
const TAG = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`);
const texto = (xml: string, tag: string) => TAG(tag).exec(xml)?.[1];
/** Every simple member `<tag>value</tag>` of an element, in order. */
const membros = (xml: string) => [...xml.matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map((m) => [m[1]!, m[2]!] as const);

/** The det items of an NF-e XML (the note as issued or its procNFe) with their ICMS, IPI, PIS, COFINS and IBS/CBS. */
function lerItens(xml: string): ItemDeOrigem[] {
  return [...xml.matchAll(/<det nItem="(\d+)">([\s\S]*?)<\/det>/g)].map(([, n, det]) => {
    const prod = /<prod>([\s\S]*?)<\/prod>/.exec(det!)?.[1] ?? '';
    const grupos: Record<string, Record<string, string>> = {};
    const icms = /<ICMS>\s*<(ICMS\w+)>([\s\S]*?)<\/\1>\s*<\/ICMS>/.exec(det!);
    if (icms) {
      const g: Record<string, string> = {};
      for (const [tag, v] of membros(icms[2]!)) {
        if (tag === 'CST') g.cst = v;
        else if (tag === 'CSOSN') g.csosn = v;
        else if (ICMS_POR_TAG[tag]) g[ICMS_POR_TAG[tag]!] = v;
      }
      grupos.icms = g;
    }
    const ipi = /<IPI>([\s\S]*?)<\/IPI>/.exec(det!)?.[1];
    if (ipi) grupos.ipi = pick(ipi, { cEnq: 'c_enq', CST: 'cst', vBC: 'v_bc', pIPI: 'p_ipi', vIPI: 'v_ipi' });
    for (const [tag, key] of [
      ['PIS', 'pis'],
      ['COFINS', 'cofins'],
    ] as const) {
      const g = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(det!)?.[1];
      if (g)
        grupos[key] = pick(g, {
          CST: 'cst',
          vBC: 'v_bc',
          [`p${tag}`]: `p_${key}`,
          qBCProd: 'q_bc_prod',
          vAliqProd: 'v_aliq_prod',
          [`v${tag}`]: `v_${key}`,
        });
    }
    const ibs = /<IBSCBS>([\s\S]*?)<\/IBSCBS>/.exec(det!)?.[1];
    if (ibs) {
      grupos.ibs_cbs = pick(ibs, {
        CST: 'cst',
        cClassTrib: 'c_class_trib',
        vBC: 'v_bc',
        pIBSUF: 'p_ibs_uf',
        vIBSUF: 'v_ibs_uf',
        pIBSMun: 'p_ibs_mun',
        vIBSMun: 'v_ibs_mun',
        pCBS: 'p_cbs',
        vCBS: 'v_cbs',
      });
    }
    return {
      nItem: Number(n),
      codigo: texto(prod, 'cProd') ?? '',
      descricao: texto(prod, 'xProd') ?? '',
      ncm: texto(prod, 'NCM') ?? '',
      cest: texto(prod, 'CEST'),
      origem: texto(icms?.[2] ?? '', 'orig') ?? '0',
      unidade: texto(prod, 'uCom') ?? '',
      quantidade: texto(prod, 'qCom') ?? '0',
      valorUnitario: texto(prod, 'vUnCom') ?? '0',
      grupos,
    };
  });
}

function pick(xml: string, nomes: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [tag, v] of membros(xml)) if (nomes[tag] && out[nomes[tag]!] === undefined) out[nomes[tag]!] = v;
  return out;
}

/** Value ← base × rate of each group, recomputed on the returned base so that each value is its base times its rate. */
const PRODUTOS: Record<string, ReadonlyArray<readonly [string, string, string]>> = {
  icms: [['v_icms', 'v_bc', 'p_icms']],
  ipi: [['v_ipi', 'v_bc', 'p_ipi']],
  pis: [['v_pis', 'v_bc', 'p_pis']],
  cofins: [['v_cofins', 'v_bc', 'p_cofins']],
  ibs_cbs: [
    ['v_ibs_uf', 'v_bc', 'p_ibs_uf'],
    ['v_ibs_mun', 'v_bc', 'p_ibs_mun'],
    ['v_cbs', 'v_bc', 'p_cbs'],
  ],
};

/**
 * The group in proportion to the quantity returned: bases and the other amounts scale, rates, codes and CSTs
 * stay, and each value with a base and a rate is that base times that rate again.
 */
function proporcional(nome: string, grupo: Record<string, string>, fator: Decimal): Record<string, string> {
  const out = Object.fromEntries(
    Object.entries(grupo).map(([k, v]) => [
      k,
      /^(v_|q_bc)/.test(k) && k !== 'v_aliq_prod'
        ? new Decimal(v).times(fator).toFixed(k.startsWith('q_') ? 4 : 2, Decimal.ROUND_HALF_UP)
        : v,
    ]),
  );
  for (const [valor, base, taxa] of PRODUTOS[nome] ?? []) {
    if (out[valor] !== undefined && out[base] !== undefined && out[taxa] !== undefined) {
      out[valor] = new Decimal(out[base]!).times(out[taxa]!).div(100).toFixed(2, Decimal.ROUND_HALF_UP);
    }
  }
  return out;
}

export interface ItensDaOrigemOptions {
  principal: Principal;
  companyId: string;
  /** The issuer's UF: the return is internal when the origin note's other party is in it. */
  ufEmitente: string;
  /** The origin note's access key (`chave_referenciada`). */
  chave: string;
  /** `industrializacao`: goods bought for industrialisation (CFOP x201, x410 with ST), otherwise for resale (x202, x411). */
  subtipo: string | undefined;
  /** The return's lines `{produto, quantidade}`. */
  linhas: Partial<NfeItemBody>[];
}

export interface ItensDaOrigem {
  itens: NfeItemBody[];
  /** The origin note is one this company issued (the goods come back in: an entry) or one it received (they go back out). */
  propria: boolean;
}

/**
 * The items of a return (`operacao` devolucao) from the origin note (`chave_referenciada`): the note this company
 * issued (a customer returns the goods; entry, CFOP 1202/2202 or 1201/2201) or an NF-e it received (it returns
 * what it bought; exit, CFOP 5202/6202 or 5201/6201). Each item `{produto, quantidade}` is the origin item of that
 * code, its taxes in proportion to the quantity returned, as the origin note charged them.
 */
export async function itensDaOrigem(
  deps: Pick<EngineDeps, 'db'>,
  options: ItensDaOrigemOptions,
  c: Coletor,
  ajustes: NfeAjuste[],
): Promise<ItensDaOrigem | null> {
  const { principal, companyId, ufEmitente, chave, subtipo, linhas } = options;
  const escopo = { accountId: principal.accountId, environment: principal.environment, companyId, chaveAcesso: chave };
  const propria = await deps.db.nfe.findFirst({ where: escopo, select: { xml: true, procXml: true } });
  const recebida = propria
    ? null
    : await deps.db.receivedDocument.findFirst({ where: { ...escopo, tipo: 'NFE' }, select: { xml: true } });
  const xml = propria ? (propria.procXml ?? propria.xml) : recebida?.xml;
  if (!xml || !xml.includes('<det ')) {
    c.add(
      'nota_de_origem_nao_encontrada',
      '/chave_referenciada',
      'A NF-e de origem não está entre as notas emitidas ou recebidas (com XML completo) desta empresa.',
      'Informe a chave de uma nota da empresa, ou envie a devolução em modo informado com os tributos de cada item.',
    );
    return null;
  }
  const origem = lerItens(xml);
  const ufDestinoOrigem = texto(/<dest>([\s\S]*?)<\/dest>/.exec(xml)?.[1] ?? '', 'UF') ?? ufEmitente;
  const ufEmitOrigem = texto(/<emit>([\s\S]*?)<\/emit>/.exec(xml)?.[1] ?? '', 'UF') ?? ufEmitente;
  const interna = (propria ? ufDestinoOrigem : ufEmitOrigem) === ufEmitente;
  const itens: NfeItemBody[] = [];
  linhas.forEach((linha, i) => {
    const item = origem.find((o) => o.codigo === linha.produto);
    if (!item) {
      c.add(
        'item_fora_da_origem',
        `/itens/${i}/produto`,
        `A NF-e de origem não tem item com o código ${String(linha.produto)}.`,
        'Use o código (cProd) do item da nota de origem.',
      );
      return;
    }
    const quantidade = new Decimal(typeof linha.quantidade === 'string' ? linha.quantidade : item.quantidade);
    if (quantidade.gt(item.quantidade)) {
      c.formato(
        `/itens/${i}/quantidade`,
        `A quantidade devolvida (${quantidade.toFixed()}) passa da vendida (${item.quantidade}).`,
        'Devolva no máximo a quantidade da nota de origem.',
      );
      return;
    }
    const fator = quantidade.div(item.quantidade);
    const temSt = item.grupos.icms?.v_icms_st !== undefined;
    const final = subtipo === 'industrializacao' ? (temSt ? '410' : '201') : temSt ? '411' : '202';
    const cfop = `${propria ? (interna ? '1' : '2') : interna ? '5' : '6'}${final}`;
    itens.push({
      codigo: item.codigo,
      descricao: item.descricao,
      ncm: item.ncm,
      ...(item.cest ? { cest: item.cest } : {}),
      origem: item.origem,
      unidade: item.unidade,
      cfop,
      quantidade: quantidade.toFixed(),
      valorUnitario: item.valorUnitario,
      ...Object.fromEntries(
        Object.entries(item.grupos).map(([k, g]) => [
          k === 'ibs_cbs' ? 'ibsCbs' : k,
          camelMembers(proporcional(k, g, fator)),
        ]),
      ),
    } as NfeItemBody);
    ajustes.push({
      ...nfeAjuste('nfe_devolucao_tributos_da_origem', `/itens/${i}`),
      motivo: `Tributos do item ${item.nItem} da NF-e de origem, na proporção de ${quantidade.toFixed()} de ${item.quantidade}; CFOP ${cfop}.`,
      valor: cfop,
    });
  });
  return { itens, propria: !!propria };
}
