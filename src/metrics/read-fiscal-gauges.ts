import type { Db } from '../db/database.js';

/** One row of the scrape's aggregate: which series (`m`), its label value (`a`, bounded: a status or a source) and its value. */
export interface GaugeRow {
  m: string;
  a: string | null;
  v: number;
}

/**
 * Everything the metrics read from the database, in one statement: notes by status, the transmission queue,
 * webhook deliveries and backlog, capture lag, batches. Only counts, sums and ages come back, never an id, so the
 * series stay few whatever the data holds. Each branch is a grouped aggregate over one table.
 */
export async function readFiscalGauges(db: Db, now: Date): Promise<GaugeRow[]> {
  return db.$queryRawUnsafe<GaugeRow[]>(
    `SELECT 'nfse' AS m, status AS a, count(*)::float8 AS v FROM nfse GROUP BY status
     UNION ALL SELECT 'nfe', status, count(*)::float8 FROM nfe GROUP BY status
     UNION ALL SELECT 'job', CASE WHEN dead_at IS NOT NULL THEN 'dead' WHEN locked_until > $1::timestamptz THEN 'leased' WHEN run_at <= $1::timestamptz THEN 'due' ELSE 'scheduled' END, count(*)::float8
       FROM transmission_jobs GROUP BY 2
     UNION ALL SELECT 'job_oldest', NULL, coalesce(extract(epoch FROM ($1::timestamptz - min(created_at))), 0)::float8 FROM transmission_jobs WHERE dead_at IS NULL
     UNION ALL SELECT 'delivery', status, count(*)::float8 FROM webhook_deliveries GROUP BY status
     UNION ALL SELECT 'inflight', NULL, count(*)::float8 FROM webhook_inflight
     UNION ALL SELECT 'behind', NULL, coalesce(sum(greatest(c.last - p.last_seq, 0)), 0)::float8
       FROM webhook_dispatch_positions p JOIN event_counters c ON c.account_id = p.account_id AND c.environment = p.environment
     UNION ALL SELECT 'capture', fonte, extract(epoch FROM ($1::timestamptz - min(next_run_at)))::float8 FROM capture_states WHERE next_run_at <= $1::timestamptz GROUP BY fonte
     UNION ALL SELECT 'lote', status, count(*)::float8 FROM lotes GROUP BY status
     UNION ALL SELECT 'lote_pending', NULL, coalesce(sum(pendentes), 0)::float8 FROM lotes`,
    now,
  );
}
