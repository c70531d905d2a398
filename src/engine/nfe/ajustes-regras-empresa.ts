import type { TributacaoResolvida } from '../regras-tributarias/resolve-tributacao.js';
import { snakeName } from '../nucleo/validation-issues-of.js';
import type { NfeAjuste, RegraEmpresaDoAjuste } from './nfe-ajuste.js';

/**
 * The profile's groups each group of the item is computed from, in computeTributos' order of bases: the IPI enters
 * the ICMS base, the ICMS leaves the PIS/COFINS base, and the IBS/CBS base leaves out PIS, COFINS and ICMS.
 */
const GRUPOS_LIDOS: Readonly<Record<string, readonly string[]>> = {
  cfop: ['cfop', 'icms'],
  ipi: ['ipi'],
  icms: ['icms', 'ipi'],
  icms_uf_dest: ['icms', 'ipi'],
  pis: ['pis', 'icms', 'ipi'],
  cofins: ['cofins', 'icms', 'ipi'],
  ibs_cbs: ['ibsCbs', 'pis', 'cofins', 'icms', 'ipi'],
};

/** Profile members the item carries as they are: their adjustment points at the item's member. */
const COPIADOS: Readonly<Record<string, string>> = {
  cst: 'cst',
  csosn: 'csosn',
  cEnq: 'c_enq',
  cClassTrib: 'c_class_trib',
};

/**
 * The company rules that supplied a member of a profile group the value below the item (`/pis/v_pis`, `/cfop`) was
 * computed from (GRUPOS_LIDOS): an input of the value came from each of them.
 */
export function regrasDoCampo(campo: string, resolvida: TributacaoResolvida): Pick<NfeAjuste, 'regras_empresa'> {
  // Most items take no member from a rule: every computed value of theirs asks, so they answer first.
  if (!resolvida.origens.size) return {};
  const grupos = GRUPOS_LIDOS[campo.split('/')[1] ?? ''] ?? [];
  const regras = new Map<string, RegraEmpresaDoAjuste>();
  for (const [caminho, regra] of resolvida.origens) {
    if (grupos.includes(caminho.split('.')[0]!)) regras.set(regra.id, { id: regra.id, descricao: regra.descricao });
  }
  return regras.size ? { regras_empresa: [...regras.values()] } : {};
}

/**
 * One adjustment per profile member a company rule supplied to the item at `item` (`/itens/0`), naming the rule,
 * its version (when it last changed) and the value it set.
 */
export function ajustesRegrasEmpresa(item: string, resolvida: TributacaoResolvida): NfeAjuste[] {
  return [...resolvida.origens].map(([caminho, regra]) => {
    const [grupo, membro] = caminho.split('.');
    const noItem = membro ? `/${snakeName(grupo!)}${COPIADOS[membro] ? `/${COPIADOS[membro]}` : ''}` : `/${grupo}`;
    const valor = caminho
      .split('.')
      .reduce<unknown>((g, k) => (g as Record<string, unknown>)?.[k], resolvida.tributacao);
    return {
      campo: `${item}${noItem}`,
      acao: 'preenchido',
      motivo: `tributacao.${caminho.split('.').map(snakeName).join('.')} = ${String(valor)}, da regra tributária da empresa "${regra.descricao}" no lugar do perfil do produto e das tabelas.`,
      regra: 'regra_empresa',
      versao: regra.atualizadoEm,
      fonte: `regra tributária da empresa ${regra.id} (GET /v1/companies/{id}/regras-tributarias/${regra.id})`,
      valor: String(valor),
      regras_empresa: [{ id: regra.id, descricao: regra.descricao }],
    };
  });
}
