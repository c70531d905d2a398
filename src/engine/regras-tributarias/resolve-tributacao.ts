import type { OperacaoCalculada } from '../tributos/item-tributavel.js';
import type { Criterios } from './criterios-fields.js';
import { membrosDaTributacao, tributacaoDosMembros } from './membros-da-tributacao.js';

/** A stored rule as the resolution reads it. */
export interface RegraDaEmpresa {
  id: string;
  descricao: string;
  criterios: Criterios;
  tributacao: unknown;
  /** ISO instant: among equally specific rules the older wins. */
  criadoEm: string;
  /** ISO instant: the version of the rule an adjustment names. */
  atualizadoEm: string;
}

/** What of an item the criteria read. */
export interface ItemDaRegra {
  sku: string;
  ncm: string;
  cest: string | null;
  operacao: OperacaoCalculada;
  ufOrigem: string;
  ufDestino: string;
  contribuinte: 'contribuinte' | 'isento' | 'nao_contribuinte';
}

/** The profile an item is computed with, and the rule that supplied each member that came from one. */
export interface TributacaoResolvida {
  tributacao: Record<string, unknown> | null;
  /** Member path ("pis.cst") → the rule that set it; members absent here are the product's. */
  origens: Map<string, RegraDaEmpresa>;
}

/**
 * Members that are one choice: a rule setting the first removes the others a lower layer set. ICMS takes a CST or a
 * CSOSN; the cClassTrib decides the IBS/CBS CST, so a new classification drops a CST it may not match.
 */
const EXCLUDENTES: Readonly<Record<string, readonly string[]>> = {
  'icms.cst': ['icms.csosn'],
  'icms.csosn': ['icms.cst'],
  'ibsCbs.cClassTrib': ['ibsCbs.cst'],
};

/**
 * How specific a criteria set is, compared position by position: a product beats a CEST, a CEST beats any NCM
 * prefix, a longer NCM prefix beats a shorter one, then the number of UFs given (origin, destination), then the
 * operation, then the recipient's contributor status.
 */
export function especificidade(c: Criterios): number[] {
  return [
    c.produto ? 1 : 0,
    c.cest ? 1 : 0,
    c.ncmPrefixo?.length ?? 0,
    (c.ufOrigem ? 1 : 0) + (c.ufDestino ? 1 : 0),
    c.operacao ? 1 : 0,
    c.contribuinte ? 1 : 0,
  ];
}

/** Every criterion given holds for the item. */
export function regraAplica(c: Criterios, item: ItemDaRegra): boolean {
  return (
    (!c.produto || c.produto === item.sku) &&
    (!c.cest || c.cest === item.cest) &&
    (!c.ncmPrefixo || item.ncm.startsWith(c.ncmPrefixo)) &&
    (!c.ufOrigem || c.ufOrigem === item.ufOrigem) &&
    (!c.ufDestino || c.ufDestino === item.ufDestino) &&
    (!c.operacao || c.operacao === item.operacao) &&
    (!c.contribuinte || c.contribuinte === item.contribuinte)
  );
}

interface Candidata {
  regra: RegraDaEmpresa;
  peso: number[];
}

/** Orders rules from the one that yields to every other to the one that wins. */
function precede(a: Candidata, b: Candidata): number {
  const i = a.peso.findIndex((x, k) => x !== b.peso[k]);
  if (i >= 0) return a.peso[i]! - b.peso[i]!;
  // Equal specificity: the older rule is applied last, so it keeps its members.
  const [ra, rb] = [a.regra, b.regra];
  return ra.criadoEm === rb.criadoEm ? (ra.id < rb.id ? 1 : -1) : ra.criadoEm < rb.criadoEm ? 1 : -1;
}

/**
 * The tax profile of an item: the product's `tributacao` with the members of every rule that applies laid over it,
 * member by member, from the least specific rule to the most specific (the official tables fill what the result
 * still lacks when the item is computed). Pure: the caller loads the company's active rules once per note.
 */
export function resolveTributacao(
  produto: unknown,
  item: ItemDaRegra,
  regras: readonly RegraDaEmpresa[],
): TributacaoResolvida {
  const origens = new Map<string, RegraDaEmpresa>();
  const aplicaveis = regras
    .filter((r) => regraAplica(r.criterios, item))
    .map((regra) => ({ regra, peso: especificidade(regra.criterios) }))
    .sort(precede)
    .map((c) => c.regra);
  if (!aplicaveis.length) return { tributacao: (produto as Record<string, unknown> | null) ?? null, origens };
  const membros = membrosDaTributacao(produto);
  for (const regra of aplicaveis) {
    const daRegra = membrosDaTributacao(regra.tributacao);
    for (const caminho of daRegra.keys()) {
      for (const outro of EXCLUDENTES[caminho] ?? []) {
        if (daRegra.has(outro)) continue;
        membros.delete(outro);
        origens.delete(outro);
      }
    }
    for (const [caminho, valor] of daRegra) {
      membros.set(caminho, valor);
      origens.set(caminho, regra);
    }
  }
  return { tributacao: tributacaoDosMembros(membros), origens };
}
