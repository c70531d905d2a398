import type { Db } from '../../db/database.js';
import type { Environment } from '../nucleo/environment.js';

const CHUNK = 1000;

/** The `referencia`s among `refs` that already became notes of this company and environment (ja_existente). */
export async function takenReferences(
  db: Db,
  companyId: string,
  environment: Environment,
  refs: string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < refs.length; i += CHUNK) {
    const rows = await db.nfse.findMany({
      where: { companyId, environment, referencia: { in: refs.slice(i, i + CHUNK) } },
      select: { referencia: true },
    });
    for (const r of rows) taken.add(r.referencia!);
  }
  return taken;
}
