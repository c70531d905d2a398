import type { EngineDeps } from '../engine-deps.js';
import { DAY } from '../nucleo/clock.js';
import { newId } from '../nucleo/new-id.js';
import { hashPanelToken, newPanelToken } from './panel-token.js';
import { resolvePessoaAccount } from './resolve-pessoa-account.js';

export const CONVITE_VALIDITY_MS = 3 * DAY;

/** A one-time link to set the password of a person (new or not); only the token's hash is stored. */
export async function createConvite(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  options: { email: string; accountId?: string | null },
) {
  const { email, accountId } = await resolvePessoaAccount(deps, options);
  const token = newPanelToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + CONVITE_VALIDITY_MS);
  await deps.db.convitePainel.create({
    data: { id: newId(), accountId, email, hash: hashPanelToken(token), expiresAt, createdAt: now },
  });
  return { link: `/painel/convite?token=${token}`, email, expira_em: expiresAt.toISOString() };
}
