import type { EngineDeps } from '../engine-deps.js';
import { newId } from '../nucleo/new-id.js';
import { checkedPassword } from './checked-password.js';
import { hashPassword } from './password-hash.js';
import { resolvePessoaAccount } from './resolve-pessoa-account.js';

/**
 * Sets (or replaces) the panel password of the person with this e-mail, registering the person when new. The
 * person's open sessions end: a changed password must lock out whoever held the old one.
 */
export async function setPessoaPassword(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  options: { email: string; senha: string; accountId?: string | null },
) {
  const senhaHash = await hashPassword(checkedPassword(options.senha));
  const { email, accountId, pessoaId } = await resolvePessoaAccount(deps, options);
  const id = pessoaId ?? newId();
  await deps.db.$transaction([
    deps.db.pessoa.upsert({
      where: { email },
      create: { id, accountId, email, senhaHash, createdAt: deps.clock.now() },
      update: { senhaHash },
    }),
    deps.db.sessaoPainel.deleteMany({ where: { pessoaId: id } }),
  ]);
  return { pessoa_id: id, conta_id: accountId, email };
}
