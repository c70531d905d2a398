import type { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { companyWhere } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { afterAscending, decodeKeyset, encodeKeyset } from '../nucleo/keyset.js';
import { presentCompany, type CompanyView } from './present-company.js';

export interface ListCompaniesOptions {
  after?: string | null;
  /** Absent: every company (GET /v1/companies is not paginated). */
  first?: number | null;
  status?: readonly string[] | null;
}

/** Oldest first, keyset over (created_at, id); test keys may read it. */
export async function listCompanies(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: ListCompaniesOptions = {},
) {
  const after = options.after ? decodeKeyset('co1', options.after) : null;
  const rows = await deps.db.company.findMany({
    where: { ...companiesWhere(principal, options.status), ...afterAscending(after) },
    include: { certificate: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    ...(options.first != null ? { take: options.first + 1 } : {}),
  });
  const page = options.first != null ? rows.slice(0, options.first) : rows;
  return { dados: page.map(presentCompany), mais: page.length < rows.length };
}

export async function countCompanies(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  status?: readonly string[] | null,
): Promise<number> {
  return deps.db.company.count({ where: companiesWhere(principal, status) });
}

export const companyCursor = (c: CompanyView): string =>
  encodeKeyset('co1', { createdAt: new Date(c.criado_em), id: c.id });

const companiesWhere = (
  principal: Principal,
  status: readonly string[] | null | undefined,
): Prisma.CompanyWhereInput => ({
  ...companyWhere(principal),
  ...(status?.length ? { status: { in: [...status] } } : {}),
});
