import type { Principal } from '../chaves/principal.js';
import { findCompany } from '../empresas/find-company.js';
import { bodyIssues, invalidBody } from '../nucleo/read-body.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { inutilizeNfeBody } from './inutilize-nfe-body.js';
import type { InutilizacaoView } from './present-inutilizacao.js';
import { voidNfeNumbers, type VoidDeps } from './void-nfe-numbers.js';

/**
 * `POST /v1/nfe/inutilizacoes`: voids a range of numbers of a company's series that will never be issued (a gap
 * in the numbering). Numbers used by a note that is not rejected are refused (409 `nfe_numeros_em_uso`); rejected
 * notes inside the range become `descartada`.
 */
export async function inutilizeNfe(deps: VoidDeps, principal: Principal, body: unknown): Promise<InutilizacaoView> {
  const result = bodyIssues(inutilizeNfeBody, body);
  const issues: ValidationIssue[] = result.ok ? [] : [...result.issues];
  const empresaId = result.value?.empresaId ?? principal.companyId;
  // The company is required unless the key is restricted to one; reported with every other problem.
  if (!empresaId && result.value !== undefined && !issues.some((i) => i.campo === '/empresa_id' || i.campo === '')) {
    issues.push({
      codigo: 'campo_obrigatorio',
      campo: '/empresa_id',
      mensagem: 'Campo obrigatório.',
      correcao: 'Informe o id da empresa emitente.',
    });
  }
  if (issues.length || !result.ok) throw invalidBody(inutilizeNfeBody, issues);
  const input = result.value;
  const company = await findCompany(deps, principal, empresaId!);
  return voidNfeNumbers(deps, {
    accountId: principal.accountId,
    environment: principal.environment,
    company,
    serie: input.serie,
    numeroInicial: BigInt(input.numeroInicial),
    numeroFinal: BigInt(input.numeroFinal),
    justificativa: input.justificativa,
  });
}
