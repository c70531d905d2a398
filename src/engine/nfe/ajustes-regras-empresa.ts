import type { TributacaoResolvida } from '../regras-tributarias/resolve-tributacao.js';
import { snakeName } from '../nucleo/validation-issues-of.js';
import type { NfeAjuste, RegraEmpresaDoAjuste } from './nfe-ajuste.js';

/** The profile's group each group of the item is computed from (the DIFAL group follows the ICMS). */
const GRUPO_DO_PERFIL: Readonly<Record<string, string>> = {
  cfop: 'cfop',
  icms: 'icms',
  icms_uf_dest: 'icms',
  ipi: 'ipi',
  pis: 'pis',
  cofins: 'cofins',
  ibs_cbs: 'ibsCbs',
};

/** Profile members the item carries as they are: their adjustment points at the item's member. */
const COPIADOS: Readonly<Record<string, string>> = {
  cst: 'cst',
  csosn: 'csosn',
  cEnq: 'c_enq',
  cClassTrib: 'c_class_trib',
};

/**
 * The company rules that supplied members of the profile group a value below the item (`/pis/v_pis`, `/cfop`) was
 * computed from: the group's CST decides how every value in it is reached, so each value names them.
 */
export function regrasDoCampo(campo: string, resolvida: TributacaoResolvida): Pick<NfeAjuste, 'regras_empresa'> {
  const grupo = GRUPO_DO_PERFIL[campo.split('/')[1] ?? ''];
  if (!grupo) return {};
  const regras = new Map<string, RegraEmpresaDoAjuste>();
  for (const [caminho, regra] of resolvida.origens) {
    if (caminho === grupo || caminho.startsWith(`${grupo}.`))
      regras.set(regra.id, { id: regra.id, descricao: regra.descricao });
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
