import type { Principal } from '../chaves/principal.js';
import { companyWhere } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { presentCompany, type CompanyView } from './present-company.js';

/**
 * Many companies in one statement, in the order asked (GraphQL batches the `empresa` of a page of notes here).
 * Scoped like every company read: a company outside the key's account or restriction, or removed, is null.
 */
export async function loadCompanies(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  ids: readonly string[],
): Promise<Array<CompanyView | null>> {
  const rows = await deps.db.company.findMany({
    // AND, not a spread: companyWhere already sets `id` for a key restricted to one company.
    where: { AND: [companyWhere(principal), { id: { in: [...new Set(ids)] } }] },
    include: { certificate: true },
  });
  const byId = new Map(rows.map((r) => [r.id, presentCompany(r)]));
  return ids.map((id) => byId.get(id) ?? null);
}
