import type { EngineDeps } from '../deps.js';
import { newId } from '../kernel/ids.js';

export interface CreateAccountOptions {
  name: string;
}

export async function createAccount(deps: Pick<EngineDeps, 'db' | 'clock'>, options: CreateAccountOptions) {
  const name = options.name.trim();
  if (!name) throw new Error('an account needs a name');
  const account = await deps.db.account.create({ data: { id: newId(), name, createdAt: deps.clock.now() } });
  return { id: account.id };
}
