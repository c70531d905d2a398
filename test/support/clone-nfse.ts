import type { Db } from '../../src/db/database.js';

/**
 * `count` copies of a stored note, in one INSERT … SELECT: each a new id, referencia, DPS number and id, created
 * one millisecond earlier than the one before (so the list's keyset order is fixed), the rest — its stored XML and
 * DPS included — as the original has it. For tests and benches that need thousands of real rows quickly.
 */
export async function cloneNfse(db: Db, sourceId: string, count: number): Promise<void> {
  const columns = (
    await db.$queryRawUnsafe<Array<{ column_name: string }>>(
      // Generated columns (the search columns) are computed by the database: never written.
      `SELECT column_name FROM information_schema.columns
       WHERE table_name = 'nfse' AND table_schema = current_schema() AND is_generated = 'NEVER'`,
    )
  ).map((c) => c.column_name);
  const override: Record<string, string> = {
    id: 'gen_random_uuid()',
    referencia: `coalesce(referencia, 'clone') || '-c' || g`,
    numero_dps: 'numero_dps + 1000000 + g',
    dps_id: `dps_id || '-c' || g`,
    created_at: `created_at - g * interval '1 millisecond'`,
    substitui_id: 'NULL',
    substituida_por: 'NULL',
    lote_id: 'NULL',
  };
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = columns.map((c) => override[c] ?? `"${c}"`).join(', ');
  await db.$executeRawUnsafe(
    `INSERT INTO nfse (${list}) SELECT ${values} FROM nfse, generate_series(1, $1::int) AS g WHERE id = $2::uuid`,
    count,
    sourceId,
  );
}
