import type { Environment } from '../nucleo/environment.js';

/**
 * Who is calling: resolved once per request — from the API key, or from an operator panel session — and passed to
 * every engine operation.
 */
export interface Principal {
  accountId: string;
  environment: Environment;
  /** The calling key; null for a panel session. */
  apiKeyId: string | null;
  /** The signed-in person of a panel session; absent for API keys. Panel-only operations require it. */
  pessoaId?: string;
  /** A key restricted to one company sees only that company. */
  companyId: string | null;
}

/** A principal resolved from an API key: what the request log and the rate limit are keyed by. */
export type KeyPrincipal = Principal & { apiKeyId: string };

export const isKeyPrincipal = (principal: Principal | null): principal is KeyPrincipal => principal?.apiKeyId != null;

/** `ambiente` in responses: `sandbox` for test keys; production shows `producao`. */
export const ambienteOf = (environment: Environment): 'sandbox' | 'producao' =>
  environment === 'test' ? 'sandbox' : 'producao';
