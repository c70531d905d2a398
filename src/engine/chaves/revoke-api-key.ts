import type { EngineDeps } from '../engine-deps.js';

export async function revokeApiKey(deps: Pick<EngineDeps, 'db' | 'clock'>, options: { id: string }) {
  const row = await deps.db.apiKey.findUnique({ where: { id: options.id } });
  if (!row) throw new Error(`key ${options.id} does not exist`);
  const revoked = row.revokedAt ?? deps.clock.now();
  if (!row.revokedAt) await deps.db.apiKey.update({ where: { id: row.id }, data: { revokedAt: revoked } });
  return { id: row.id, revogada_em: revoked.toISOString() };
}
