import type { EngineDeps } from '../engine-deps.js';
import { checkedEmail } from './checked-email.js';

export interface UpdateAccountOptions {
  id: string;
  plano?: 'ativo' | 'inativo';
  email?: string;
}

export async function updateAccount(deps: Pick<EngineDeps, 'db'>, options: UpdateAccountOptions) {
  if (options.plano !== undefined && options.plano !== 'ativo' && options.plano !== 'inativo') {
    throw new Error('--plano must be ativo or inativo');
  }
  const data = {
    ...(options.plano !== undefined ? { plan: options.plano } : {}),
    ...(options.email !== undefined ? { email: checkedEmail(options.email) } : {}),
  };
  const account = await deps.db.account.update({ where: { id: options.id }, data });
  return { id: account.id, plano: account.plan, email: account.email };
}
