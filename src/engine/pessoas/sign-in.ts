import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { DAY, HOUR, MINUTE } from '../nucleo/clock.js';
import { newId } from '../nucleo/new-id.js';
import { hashPanelToken, newPanelToken } from './panel-token.js';
import { hashPassword, passwordNeedsRehash, verifyPassword } from './password-hash.js';
import { pessoaEmail } from './pessoa-email.js';

/**
 * Failed sign-ins lock an e-mail after 5 in 15 minutes; a client address after 20 (an office behind one address
 * shares it, so it tolerates more), which still stops one machine from trying password after password.
 */
export const SIGN_IN_LIMITS = { porEmail: 5, porIp: 20, janelaMs: 15 * MINUTE } as const;
/** A session ends after 12 hours without use, and 7 days after sign-in in any case. */
export const SESSION_LIMITS = { idleMs: 12 * HOUR, maxMs: 7 * DAY } as const;

export interface SignInOptions {
  email: unknown;
  senha: unknown;
  /** The client's address, for the per-address lockout. */
  ip: string;
}

const wrong = () =>
  new EngineError('credenciais_invalidas', 'E-mail ou senha incorretos.', {
    correcao: 'Confira o e-mail e a senha. Após 5 tentativas erradas a entrada fica bloqueada por 15 minutos.',
  });

// An unknown e-mail still costs one scrypt verification, so the answer's time does not tell which e-mails exist.
let decoy: Promise<string> | null = null;

/** Checks the password and opens a session; the cookie token and the CSRF token are returned once. */
export async function signIn(deps: Pick<EngineDeps, 'db' | 'clock'>, options: SignInOptions) {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - SIGN_IN_LIMITS.janelaMs);
  const email = pessoaEmail(options.email);
  const key =
    email ??
    String(options.email ?? '')
      .slice(0, 254)
      .toLowerCase();
  await assertNotLocked(deps, { email: key }, SIGN_IN_LIMITS.porEmail, since, now);
  await assertNotLocked(deps, { ip: options.ip }, SIGN_IN_LIMITS.porIp, since, now);

  const senha = typeof options.senha === 'string' && options.senha.length <= 1024 ? options.senha : '';
  const pessoa = email ? await deps.db.pessoa.findUnique({ where: { email }, include: { account: true } }) : null;
  let ok = false;
  if (pessoa?.senhaHash) ok = await verifyPassword(senha, pessoa.senhaHash);
  else await verifyPassword(senha, await (decoy ??= hashPassword(newPanelToken())));
  if (!pessoa || !ok) {
    await deps.db.$transaction([
      deps.db.tentativaEntrada.create({ data: { id: newId(), email: key, ip: options.ip, createdAt: now } }),
      // The table holds only the window: older failures count for nothing.
      deps.db.tentativaEntrada.deleteMany({ where: { createdAt: { lt: since } } }),
    ]);
    throw wrong();
  }
  await rehashOlderPassword(deps, { id: pessoa.id, senhaHash: pessoa.senhaHash! }, senha);

  const token = newPanelToken();
  const csrf = newPanelToken();
  const sessao = await deps.db.$transaction(async (tx) => {
    await tx.tentativaEntrada.deleteMany({ where: { email: key } });
    // The person's ended sessions go now: nothing else ever reads them again.
    const idleSince = new Date(now.getTime() - SESSION_LIMITS.idleMs);
    await tx.sessaoPainel.deleteMany({
      where: { pessoaId: pessoa.id, OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lt: idleSince } }] },
    });
    return tx.sessaoPainel.create({
      data: {
        id: newId(),
        pessoaId: pessoa.id,
        accountId: pessoa.accountId,
        hash: hashPanelToken(token),
        csrf,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_LIMITS.maxMs),
      },
    });
  });
  return {
    token,
    csrf,
    sessaoId: sessao.id,
    email: pessoa.email,
    conta: { id: pessoa.account.id, nome: pessoa.account.name, email: pessoa.account.email },
  };
}

/**
 * A hash made with older parameters is replaced while the password is at hand; only if it is still the stored one,
 * so a password changed meanwhile is never overwritten by the old one.
 */
async function rehashOlderPassword(
  deps: Pick<EngineDeps, 'db'>,
  pessoa: { id: string; senhaHash: string },
  senha: string,
): Promise<void> {
  if (!passwordNeedsRehash(pessoa.senhaHash)) return;
  await deps.db.pessoa.updateMany({
    where: { id: pessoa.id, senhaHash: pessoa.senhaHash },
    data: { senhaHash: await hashPassword(senha) },
  });
}

/** Locked while `limit` failures lie in the window; it opens when the limit-th newest leaves it. */
async function assertNotLocked(
  deps: Pick<EngineDeps, 'db'>,
  where: { email: string } | { ip: string },
  limit: number,
  since: Date,
  now: Date,
) {
  const recent = await deps.db.tentativaEntrada.findMany({
    where: { ...where, createdAt: { gt: since } },
    orderBy: { createdAt: 'desc' },
    take: limit,
    select: { createdAt: true },
  });
  if (recent.length < limit) return;
  const opensAt = recent[limit - 1]!.createdAt.getTime() + SIGN_IN_LIMITS.janelaMs;
  const segundos = Math.max(1, Math.ceil((opensAt - now.getTime()) / 1000));
  throw new EngineError(
    'entrada_bloqueada',
    `Entrada bloqueada por excesso de tentativas erradas. Tente de novo em ${Math.ceil(segundos / 60)} minuto(s).`,
    {
      correcao:
        'Espere o tempo indicado em Retry-After ou defina uma nova senha pela linha de comando ou por um convite.',
      extra: { tentar_em_segundos: segundos },
    },
  );
}
