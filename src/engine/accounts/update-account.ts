import type { EngineDeps } from '../deps.js';

export interface UpdateAccountOptions {
  id: string;
  plano: 'ativo' | 'inativo';
}

export async function updateAccount(deps: Pick<EngineDeps, 'db'>, options: UpdateAccountOptions) {
  if (options.plano !== 'ativo' && options.plano !== 'inativo') throw new Error('--plano must be ativo or inativo');
  const account = await deps.db.account.update({ where: { id: options.id }, data: { plan: options.plano } });
  return { id: account.id, plano: account.plan };
}
