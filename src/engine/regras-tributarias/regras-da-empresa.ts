import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { regraScope } from './find-regra-tributaria.js';
import { criteriosOf } from './present-regra-tributaria.js';
import type { RegraDaEmpresa } from './resolve-tributacao.js';

/** The company's active rules in the key's environment, in one query (at most REGRAS_POR_EMPRESA). */
export async function regrasDaEmpresa(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  companyId: string,
): Promise<RegraDaEmpresa[]> {
  const rows = await deps.db.regraTributaria.findMany({ where: { ...regraScope(principal, companyId), ativa: true } });
  return rows.map((r) => ({
    id: r.id,
    descricao: r.descricao,
    criterios: criteriosOf(r),
    tributacao: r.tributacao,
    criadoEm: r.createdAt.toISOString(),
    atualizadoEm: r.updatedAt.toISOString(),
  }));
}
