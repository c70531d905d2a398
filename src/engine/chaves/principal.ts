import type { Environment } from '../nucleo/environment.js';

/** Who is calling: resolved from the API key once per request and passed to every engine operation. */
export interface Principal {
  accountId: string;
  environment: Environment;
  apiKeyId: string;
  /** A key restricted to one company sees only that company. */
  companyId: string | null;
}

/** `ambiente` in responses: `sandbox` for test keys; production shows `producao`. */
export const ambienteOf = (environment: Environment): 'sandbox' | 'producao' =>
  environment === 'test' ? 'sandbox' : 'producao';
