import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { newId } from '../nucleo/new-id.js';
import { hashPanelToken } from './panel-token.js';
import { checkedPassword } from './checked-password.js';
import { hashPassword } from './password-hash.js';

const invalid = () =>
  new EngineError('convite_invalido', 'Este convite não vale mais: já foi usado, venceu ou não existe.', {
    correcao: 'Peça um novo convite a quem administra a conta.',
  });

/**
 * Sets the invited person's password and spends the invitation: the update that marks it used is the one that
 * wins, so two concurrent uses cannot both set a password. The person's open sessions end, as on any change.
 */
export async function acceptConvite(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  options: { token: unknown; senha: unknown },
) {
  if (typeof options.token !== 'string' || options.token.length === 0 || options.token.length > 200) throw invalid();
  const senha = checkedPassword(options.senha);
  const now = deps.clock.now();
  const convite = await deps.db.convitePainel.findUnique({ where: { hash: hashPanelToken(options.token) } });
  if (!convite || convite.usedAt || convite.expiresAt <= now) throw invalid();
  const senhaHash = await hashPassword(senha);
  return deps.db.$transaction(async (tx) => {
    const spent = await tx.convitePainel.updateMany({ where: { id: convite.id, usedAt: null }, data: { usedAt: now } });
    if (spent.count !== 1) throw invalid();
    const existing = await tx.pessoa.findUnique({ where: { email: convite.email } });
    // The e-mail joined another account after the invitation was made: the invitation cannot move it.
    if (existing && existing.accountId !== convite.accountId) throw invalid();
    const pessoa = existing
      ? await tx.pessoa.update({ where: { id: existing.id }, data: { senhaHash } })
      : await tx.pessoa.create({
          data: { id: newId(), accountId: convite.accountId, email: convite.email, senhaHash, createdAt: now },
        });
    await tx.sessaoPainel.deleteMany({ where: { pessoaId: pessoa.id } });
    return { email: pessoa.email };
  });
}
