import { EngineError } from '../errors.js';
import type { Principal } from './principal.js';

/** Companies are shared by both environments of an account; a restricted key sees only its company. */
export function companyWhere(principal: Principal, companyId?: string) {
  return {
    accountId: principal.accountId,
    deletedAt: null,
    ...(principal.companyId ? { id: principal.companyId } : {}),
    ...(companyId ? { id: companyId } : {}),
  };
}

/** A key restricted to one company using another gets 403 `acesso_negado`. */
export function assertCompanyAllowed(principal: Principal, companyId: string): void {
  if (principal.companyId && principal.companyId !== companyId) {
    throw new EngineError('acesso_negado', 'Esta chave está restrita a outra empresa.', {
      correcao: 'Use uma chave da empresa pedida ou uma chave sem restrição de empresa.',
    });
  }
}

/** Test keys read companies but cannot create or change them. */
export function assertLiveKey(principal: Principal, what: string): void {
  if (principal.environment !== 'live') {
    throw new EngineError('somente_producao', `${what} exige uma chave de produção (svc_live_).`, {
      correcao: 'Repita a chamada com uma chave svc_live_.',
    });
  }
}
