import type { Db } from '../../db/database.js';

/**
 * The next NF-e number of a company's series in one autocommit statement (its row lock ends with it, so
 * concurrent notes do not queue behind signing). A number is never handed out twice; one left unused by a
 * failure after this point is voided by inutilização.
 */
export async function nextNfeNumber(db: Db, companyId: string, environment: string, serie: string): Promise<bigint> {
  const [row] = await db.$queryRaw<Array<{ numero: bigint }>>`
    INSERT INTO nfe_sequences (company_id, environment, serie, next) VALUES (${companyId}::uuid, ${environment}, ${serie}, 2)
    ON CONFLICT (company_id, environment, serie) DO UPDATE SET next = nfe_sequences.next + 1
    RETURNING next - 1 AS numero`;
  return row!.numero;
}
