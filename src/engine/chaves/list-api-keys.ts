import type { EngineDeps } from '../engine-deps.js';
import { ambienteOf, type Principal } from './principal.js';
import type { Environment } from '../nucleo/environment.js';

export interface ApiKeyView {
  id: string;
  ambiente: 'sandbox' | 'producao';
  prefixo: string;
  empresa_id: string | null;
  criada_em: Date;
  revogada_em: Date | null;
}

const ROW = { id: true, environment: true, prefix: true, companyId: true, createdAt: true, revokedAt: true } as const;

function presentApiKey(row: {
  id: string;
  environment: Environment;
  prefix: string;
  companyId: string | null;
  createdAt: Date;
  revokedAt: Date | null;
}): ApiKeyView {
  return {
    id: row.id,
    ambiente: ambienteOf(row.environment),
    prefixo: row.prefix,
    empresa_id: row.companyId,
    criada_em: row.createdAt,
    revogada_em: row.revokedAt,
  };
}

/** Every key of the account, both environments, newest first: what may be shown of them (never the key). */
export async function listApiKeys(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: { ids?: string[] } = {},
): Promise<ApiKeyView[]> {
  const rows = await deps.db.apiKey.findMany({
    where: { accountId: principal.accountId, ...(options.ids ? { id: { in: options.ids } } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: ROW,
    // An account has a handful of keys; the bound only keeps one pathological account from a huge answer.
    take: 1000,
  });
  return rows.map(presentApiKey);
}
