import type { Principal } from '../auth/principal.js';
import { assertCompanyAllowed } from '../auth/scope.js';
import type { EngineDeps } from '../deps.js';
import { decodeKeyset, encodeKeyset } from '../kernel/keyset-cursor.js';
import { afterCursor, clampLimite, parseEmpresaId } from './nfe-list-params.js';
import { presentInutilizacao, type InutilizacaoView } from './present-inutilizacao.js';

/**
 * `GET /v1/nfe/inutilizacoes` (spec 4.6: "lists numbers voided and why"): the ranges of the key's environment,
 * newest first, with their justificativa, protocol and status (`transmitindo` while the authority's answer is
 * awaited, `homologada` after 102); `empresa_id` filters one company. Cursor and limite as GET /v1/nfe.
 */
export async function listInutilizacoes(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: { cursor?: string | null; limite?: string | null; empresaId?: string | null },
): Promise<{ dados: InutilizacaoView[]; proximo_cursor: string | null }> {
  const limite = clampLimite(options.limite);
  const empresaId = parseEmpresaId(options.empresaId);
  if (empresaId) assertCompanyAllowed(principal, empresaId);
  const after = options.cursor ? decodeKeyset('inut1', options.cursor, 'cursor') : null;
  const rows = await deps.db.nfeInutilizacao.findMany({
    where: {
      accountId: principal.accountId,
      environment: principal.environment,
      ...(principal.companyId ? { companyId: principal.companyId } : {}),
      ...(empresaId ? { companyId: empresaId } : {}),
      ...afterCursor(after),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limite + 1,
  });
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  return { dados: page.map(presentInutilizacao), proximo_cursor: rows.length > limite && last ? encodeKeyset('inut1', last) : null };
}
