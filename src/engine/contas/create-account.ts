import type { EngineDeps } from '../engine-deps.js';
import { newId } from '../nucleo/new-id.js';
import { checkedEmail } from './checked-email.js';

export interface CreateAccountOptions {
  name: string;
  email?: string | null;
}

export async function createAccount(deps: Pick<EngineDeps, 'db' | 'clock'>, options: CreateAccountOptions) {
  const name = options.name.trim();
  if (!name) throw new Error('an account needs a name');
  const email = checkedEmail(options.email);
  const account = await deps.db.account.create({ data: { id: newId(), name, email, createdAt: deps.clock.now() } });
  return { id: account.id };
}
