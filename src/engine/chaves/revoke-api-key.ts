import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';

/** Idempotent: a revoked key keeps its first revocation time. `accountId` limits it to one account's keys. */
export async function revokeApiKey(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  options: { id: string; accountId?: string },
) {
  const row = isUuid(options.id) ? await deps.db.apiKey.findUnique({ where: { id: options.id } }) : null;
  if (!row || (options.accountId !== undefined && row.accountId !== options.accountId)) {
    throw new EngineError('nao_encontrado', `A chave ${options.id} não existe.`, {
      correcao: 'Confira o id da chave.',
    });
  }
  const revoked = row.revokedAt ?? deps.clock.now();
  if (!row.revokedAt) await deps.db.apiKey.update({ where: { id: row.id }, data: { revokedAt: revoked } });
  return { id: row.id, revogada_em: revoked.toISOString() };
}
