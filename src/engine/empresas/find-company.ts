import { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { assertCompanyAllowed } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { groupedStatement } from '../nucleo/grouped-statement.js';
import { snakeName } from '../nucleo/validation-issues-of.js';
import type { CompanyWithCertificate } from './present-company.js';

/**
 * Looks a company up inside the caller's account (not deleted); another company of a restricted key is 403.
 * Every issuance reads it, so it is one named statement (EngineDeps.sql) joining the certificate, where Prisma's
 * `include` took a statement per table and its client's work on each; concurrent lookups go in one statement
 * (groupedStatement).
 */
export async function findCompany(
  deps: Pick<EngineDeps, 'sql'>,
  principal: Principal,
  id: string,
  notFound: 'nao_encontrado' | 'empresa_nao_encontrada' = 'nao_encontrado',
): Promise<CompanyWithCertificate> {
  if (isUuid(id)) assertCompanyAllowed(principal, id);
  const row = isUuid(id) ? await companiesWithCertificate(deps)({ id, accountId: principal.accountId }) : undefined;
  if (!row) {
    throw new EngineError(
      notFound,
      'Empresa não encontrada nesta conta (o id não é de uma empresa da conta desta chave).',
      {
        campo: notFound === 'empresa_nao_encontrada' ? '/empresa_id' : null,
        correcao: 'Use o id retornado por GET /v1/companies.',
      },
    );
  }
  return companyOfRow(row);
}

// Every scalar field of both models, as Prisma names them; each column is the field's snake_case (the schema's
// @map convention), so a field added to either model is read here too, and one that broke the convention would
// fail this statement at once.
const COMPANY_FIELDS = Object.values(Prisma.CompanyScalarFieldEnum);
const CERTIFICATE_FIELDS = Object.values(Prisma.CertificateScalarFieldEnum);

const companiesWithCertificate = (deps: Pick<EngineDeps, 'sql'>) =>
  groupedStatement<{ id: string; accountId: string }, Record<string, unknown> | undefined>(
    deps.sql,
    'companies_with_certificate',
    async (wanted) => {
      const rows = await deps.sql<Record<string, unknown>>('companies_with_certificate', COMPANIES_WITH_CERTIFICATE, [
        wanted.map((w) => w.id),
        wanted.map((w) => w.accountId),
      ]);
      const found = new Map(rows.map((r) => [`${r.id}:${r.accountId}`, r]));
      return wanted.map((w) => found.get(`${w.id}:${w.accountId}`));
    },
  );

// Each (id, account) pair asked, by position in the two arrays.
const COMPANIES_WITH_CERTIFICATE = `
  SELECT ${COMPANY_FIELDS.map((f) => `c.${snakeName(f)} AS "${f}"`).join(', ')},
    ${CERTIFICATE_FIELDS.map((f) => `k.${snakeName(f)} AS "certificate.${f}"`).join(', ')}
  FROM (SELECT DISTINCT * FROM unnest($1::uuid[], $2::uuid[]) AS q(id, account_id)) q
  JOIN companies c ON c.id = q.id AND c.account_id = q.account_id
  LEFT JOIN certificates k ON k.company_id = c.id
  WHERE c.deleted_at IS NULL`;

function companyOfRow(row: Record<string, unknown>): CompanyWithCertificate {
  const company: Record<string, unknown> = {};
  for (const f of COMPANY_FIELDS) company[f] = row[f];
  const certificate: Record<string, unknown> = {};
  for (const f of CERTIFICATE_FIELDS) certificate[f] = row[`certificate.${f}`];
  company.certificate = certificate.companyId === null ? null : certificate;
  // A named statement's row, regrouped: its columns are the models' own fields (COMPANY_FIELDS, CERTIFICATE_FIELDS).
  return company as unknown as CompanyWithCertificate;
}
