import type { EngineDeps } from '../engine-deps.js';
import { groupedStatement } from '../nucleo/grouped-statement.js';

export interface WantedDpsNumbers {
  companyId: string;
  environment: string;
  serie: string;
  /** Consecutive numbers wanted (a batch's chunk); one when absent. */
  count?: number;
}

/**
 * The next DPS number of a company's series, or the first of `count` consecutive ones: the one allocator of DPS
 * numbers, for single notes and batches alike. DPS numbers must be unique per company, environment and series
 * (E0014), not gapless: the national system has no voiding of DPS numbers. So the numbers come from one
 * autocommit statement, whose row lock ends with it, and the DPS is signed outside any transaction: concurrent
 * notes of one company do not queue behind a lock held while signing. Concurrent callers take their numbers in
 * one statement (groupedStatement), each series moved once by the count they want together.
 */
export function nextDpsNumber(deps: Pick<EngineDeps, 'sql'>, wanted: WantedDpsNumbers): Promise<bigint> {
  return dpsNumbers(deps)(wanted);
}

const dpsNumbers = (deps: Pick<EngineDeps, 'sql'>) =>
  groupedStatement<WantedDpsNumbers, bigint>(deps.sql, 'dps_next_numbers', async (items) => {
    const series = new Map<string, WantedDpsNumbers & { count: number }>();
    for (const w of items) {
      const key = keyOf(w);
      const s = series.get(key);
      if (s) s.count += countOf(w);
      else series.set(key, { ...w, count: countOf(w) });
    }
    // In one order everywhere: two processes' statements lock the series rows they share in the same order.
    const list = [...series.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, s]) => s);
    const rows = await deps.sql<{ company_id: string; environment: string; serie: string; next: string }>(
      'dps_next_numbers',
      NEXT_DPS_NUMBERS,
      [
        list.map((s) => s.companyId),
        list.map((s) => s.environment),
        list.map((s) => s.serie),
        list.map((s) => String(s.count)),
      ],
    );
    // Each series' numbers run from its new `next` less the count taken, in the order the items came.
    const taken = new Map<string, bigint>();
    for (const r of rows) {
      const key = keyOf({ companyId: r.company_id, environment: r.environment, serie: r.serie });
      taken.set(key, BigInt(r.next) - BigInt(series.get(key)!.count));
    }
    return items.map((w) => {
      const key = keyOf(w);
      const first = taken.get(key)!;
      taken.set(key, first + BigInt(countOf(w)));
      return first;
    });
  });

const keyOf = (w: WantedDpsNumbers) => `${w.companyId}|${w.environment}|${w.serie}`;
const countOf = (w: WantedDpsNumbers) => w.count ?? 1;

// One row per series (the items grouped first: one statement cannot move a row twice). `next` comes back as
// text, read the same from pg and PGlite.
const NEXT_DPS_NUMBERS = `
  INSERT INTO dps_sequences (company_id, environment, serie, next)
  SELECT q.company_id, q.environment, q.serie, q.count + 1 FROM unnest($1::uuid[], $2::"Environment"[], $3::text[], $4::bigint[]) AS q(company_id, environment, serie, count)
  ON CONFLICT (company_id, environment, serie) DO UPDATE SET next = dps_sequences.next + EXCLUDED.next - 1
  RETURNING company_id::text, environment, serie, next::text`;
