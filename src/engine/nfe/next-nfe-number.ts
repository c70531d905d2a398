import type { Db } from '../../db/database.js';

/**
 * The next NF-e number of a company's series in one autocommit statement (its row lock ends with it, so
 * concurrent notes do not queue behind signing). A number is never handed out twice; one left unused by a
 * failure after this point is voided by inutilização. A number inside a voided (or reserved) range is skipped:
 * the series jumps past the range and takes again, so a voided number is never issued.
 */
export async function nextNfeNumber(db: Db, companyId: string, environment: string, serie: string): Promise<bigint> {
  for (;;) {
    const [row] = await db.$queryRaw<Array<{ numero: bigint; voided_to: bigint | null }>>`
      WITH taken AS (
        INSERT INTO nfe_sequences (company_id, environment, serie, next) VALUES (${companyId}::uuid, ${environment}, ${serie}, 2)
        ON CONFLICT (company_id, environment, serie) DO UPDATE SET next = nfe_sequences.next + 1
        RETURNING next - 1 AS numero)
      SELECT taken.numero, (SELECT max(i.numero_final) FROM nfe_inutilizacoes i
        WHERE i.company_id = ${companyId}::uuid AND i.environment = ${environment} AND i.serie = ${serie}
          AND taken.numero BETWEEN i.numero_inicial AND i.numero_final) AS voided_to
      FROM taken`;
    if (row!.voided_to === null) return row!.numero;
    await db.$executeRaw`UPDATE nfe_sequences SET next = GREATEST(next, ${row!.voided_to + 1n})
      WHERE company_id = ${companyId}::uuid AND environment = ${environment} AND serie = ${serie}`;
  }
}

/**
 * The number the series would hand out next, without taking it (a preview): the sequence is only read, so a
 * note issued meanwhile may take this very number and the preview shows what issuance would do, not a reservation.
 */
export async function peekNfeNumber(db: Db, companyId: string, environment: string, serie: string): Promise<bigint> {
  const [row] = await db.$queryRaw<Array<{ next: bigint | null }>>`
    SELECT next FROM nfe_sequences WHERE company_id = ${companyId}::uuid AND environment = ${environment} AND serie = ${serie}`;
  let numero = row?.next ?? 1n;
  for (;;) {
    const [voided] = await db.$queryRaw<Array<{ voided_to: bigint | null }>>`
      SELECT max(numero_final) AS voided_to FROM nfe_inutilizacoes
      WHERE company_id = ${companyId}::uuid AND environment = ${environment} AND serie = ${serie} AND ${numero} BETWEEN numero_inicial AND numero_final`;
    if (!voided?.voided_to) return numero;
    numero = voided.voided_to + 1n;
  }
}
