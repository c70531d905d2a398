import type { EngineDeps } from '../engine-deps.js';
import { pessoaEmail } from './pessoa-email.js';

/**
 * The account a person with this e-mail belongs to: the given one, else the account of the person already
 * registered, else the one account whose owner has this e-mail. Operator commands only: errors are plain.
 */
export async function resolvePessoaAccount(
  deps: Pick<EngineDeps, 'db'>,
  options: { email: string; accountId?: string | null },
) {
  const email = pessoaEmail(options.email);
  if (!email) throw new Error(`invalid e-mail: ${options.email}`);
  const existing = await deps.db.pessoa.findUnique({ where: { email } });
  if (existing) {
    if (options.accountId && existing.accountId !== options.accountId)
      throw new Error(`${email} already belongs to account ${existing.accountId}`);
    return { email, accountId: existing.accountId, pessoaId: existing.id };
  }
  if (options.accountId) {
    const account = await deps.db.account.findUnique({ where: { id: options.accountId } });
    if (!account) throw new Error(`account ${options.accountId} does not exist`);
    return { email, accountId: account.id, pessoaId: null };
  }
  const owners = await deps.db.account.findMany({
    where: { email: { equals: email, mode: 'insensitive' } },
    select: { id: true },
    take: 2,
  });
  if (owners.length === 0) throw new Error(`no account has the owner e-mail ${email}; give --conta ID`);
  if (owners.length > 1) throw new Error(`several accounts have the owner e-mail ${email}; give --conta ID`);
  return { email, accountId: owners[0]!.id, pessoaId: null };
}
