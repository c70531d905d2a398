import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { isUuid, newId } from '../nucleo/new-id.js';
import type { Environment } from '../nucleo/environment.js';
import { displayPrefix, generateApiKey, hashApiKey } from './generate-api-key.js';

export interface CreateApiKeyOptions {
  accountId: string;
  environment: Environment;
  companyId?: string | null;
}

/** Returns the key once; only its hash is stored. */
export async function createApiKey(deps: Pick<EngineDeps, 'db' | 'clock'>, options: CreateApiKeyOptions) {
  if (options.environment !== 'test' && options.environment !== 'live') throw new Error('--env must be test or live');
  const account = await deps.db.account.findUnique({ where: { id: options.accountId } });
  if (!account) throw new Error(`account ${options.accountId} does not exist`);
  if (options.companyId) {
    const company = isUuid(options.companyId)
      ? await deps.db.company.findFirst({ where: { id: options.companyId, accountId: account.id, deletedAt: null } })
      : null;
    if (!company) {
      throw new EngineError('empresa_nao_encontrada', `A empresa ${options.companyId} não existe nesta conta.`, {
        campo: '/empresa_id',
        correcao: 'Use o id de uma empresa da conta, ou crie a chave sem restrição de empresa.',
      });
    }
  }
  const key = generateApiKey(options.environment);
  const row = await deps.db.apiKey.create({
    data: {
      id: newId(),
      accountId: account.id,
      environment: options.environment,
      hash: hashApiKey(key),
      prefix: displayPrefix(key),
      companyId: options.companyId ?? null,
      createdAt: deps.clock.now(),
    },
  });
  return { id: row.id, key };
}
