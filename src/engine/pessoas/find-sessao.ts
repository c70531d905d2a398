import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { MINUTE } from '../nucleo/clock.js';
import { hashPanelToken } from './panel-token.js';
import { SESSION_LIMITS } from './sign-in.js';

/** Idle time is written at most once a minute: a page's burst of queries costs one write, not one per query. */
const TOUCH_EVERY_MS = MINUTE;

export interface PanelSession {
  sessaoId: string;
  csrf: string;
  email: string;
  conta: { id: string; nome: string; email: string | null };
  /** The panel acts as the account in production, without a company restriction and without an API key. */
  principal: Principal;
}

/** The live session of a cookie token, or null (unknown, idle too long, past its end); an ended one is deleted. */
export async function findSessao(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  token: string | undefined,
): Promise<PanelSession | null> {
  if (!token || token.length > 200) return null;
  const row = await deps.db.sessaoPainel.findUnique({
    where: { hash: hashPanelToken(token) },
    include: { pessoa: { include: { account: true } } },
  });
  if (!row) return null;
  const now = deps.clock.now();
  if (row.expiresAt <= now || now.getTime() - row.lastSeenAt.getTime() > SESSION_LIMITS.idleMs) {
    await deps.db.sessaoPainel.deleteMany({ where: { id: row.id } });
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await deps.db.sessaoPainel.updateMany({ where: { id: row.id }, data: { lastSeenAt: now } });
  }
  const account = row.pessoa.account;
  return {
    sessaoId: row.id,
    csrf: row.csrf,
    email: row.pessoa.email,
    conta: { id: account.id, nome: account.name, email: account.email },
    principal: {
      accountId: row.accountId,
      environment: 'live',
      apiKeyId: null,
      companyId: null,
      pessoaId: row.pessoaId,
    },
  };
}
