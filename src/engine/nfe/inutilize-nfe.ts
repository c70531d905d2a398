import type { Principal } from '../chaves/principal.js';
import { findCompany } from '../empresas/find-company.js';
import { parseInutilizacaoInput } from './inutilizacao-input.js';
import type { InutilizacaoView } from './present-inutilizacao.js';
import { voidNfeNumbers, type VoidDeps } from './void-nfe-numbers.js';

/**
 * `POST /v1/nfe/inutilizacoes`: voids a range of numbers of a company's series that will never be issued (a gap
 * in the numbering). Numbers used by a note that is not rejected are refused (409 `nfe_numeros_em_uso`); rejected
 * notes inside the range become `descartada`.
 */
export async function inutilizeNfe(deps: VoidDeps, principal: Principal, body: unknown): Promise<InutilizacaoView> {
  const input = parseInutilizacaoInput(body, principal);
  const company = await findCompany(deps, principal, input.empresaId);
  return voidNfeNumbers(deps, {
    accountId: principal.accountId,
    environment: principal.environment,
    company,
    serie: input.serie,
    numeroInicial: input.numeroInicial,
    numeroFinal: input.numeroFinal,
    justificativa: input.justificativa,
  });
}
