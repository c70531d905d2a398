import { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { assertLiveKey } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { findCompany } from './find-company.js';

/**
 * Removal is a soft delete: notes keep pointing at the company for the fiscal record, but it disappears from
 * every list and lookup, and its certificate and token are erased.
 */
export async function deleteCompany(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock'>,
  principal: Principal,
  options: { id: string },
) {
  assertLiveKey(principal, 'Remover empresas');
  const company = await findCompany(deps, principal, options.id);
  const now = deps.clock.now();
  await deps.db.$transaction([
    deps.db.certificate.deleteMany({ where: { companyId: company.id } }),
    deps.db.company.update({
      where: { id: company.id },
      data: { deletedAt: now, updatedAt: now, tokenMunicipioEnc: null, credenciaisProvedor: Prisma.DbNull },
    }),
  ]);
  return { id: company.id, removida: true };
}
