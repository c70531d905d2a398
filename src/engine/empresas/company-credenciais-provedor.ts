import type { EngineDeps } from '../engine-deps.js';
import type { Tx } from '../eventos/append-events.js';
import { openCredenciaisProvedor, type CredenciaisProvedor } from './credenciais-provedor.js';

/** The company's provider credentials, opened for a call to a provider that asks for them (none: `{}`). */
export async function companyCredenciaisProvedor(
  deps: Pick<EngineDeps, 'secrets'> & { db: Tx },
  companyId: string,
): Promise<CredenciaisProvedor> {
  const row = await deps.db.company.findUnique({ where: { id: companyId }, select: { credenciaisProvedor: true } });
  return openCredenciaisProvedor(deps.secrets, companyId, row?.credenciaisProvedor);
}
