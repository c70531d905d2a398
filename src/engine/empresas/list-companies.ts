import type { Principal } from '../auth/principal.js';
import { companyWhere } from '../auth/scope.js';
import type { EngineDeps } from '../deps.js';
import { presentCompany } from './present-company.js';

/** Whole list, not paginated (spec 8); test keys may read it (spec 5.3). */
export async function listCompanies(deps: Pick<EngineDeps, 'db'>, principal: Principal) {
  const rows = await deps.db.company.findMany({
    where: companyWhere(principal),
    include: { certificate: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(presentCompany);
}
