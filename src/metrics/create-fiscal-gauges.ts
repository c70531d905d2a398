import { Counter, Gauge, type Registry } from 'prom-client';
import { PROVIDER } from './create-observers.js';
import type { GaugeRow } from './read-fiscal-gauges.js';

/** Capture sources by the stored `fonte`: a fixed set, so an unknown value cannot add series. */
const CAPTURE_SOURCE: Record<string, string> = { ADN: 'nfse_adn', SEFAZ_NFE: 'nfe', SEFAZ_CTE: 'cte' };

export type Series = Array<[Record<string, string>, number]>;

export interface FiscalGauges {
  /** Sets every gauge from one read of the database (readFiscalGauges). */
  update(rows: GaugeRow[]): void;
  /** A read that failed: counted, and the previous figures stay. */
  readFailed(): void;
}

/** The database's figures: notes, the transmission queue, webhooks, capture lag and batches. */
export function createFiscalGauges(registers: Registry[]): FiscalGauges {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers });
  const notes = gauge('fiscal_notes', 'Notes stored, by provider and status (whole database).', ['provider', 'status']);
  const jobs = gauge(
    'fiscal_transmission_jobs',
    'Transmission jobs queued: due (claimable), leased (running), scheduled (waiting for a retry) or dead (gave up; waiting for an operator).',
    ['state'],
  );
  const oldestJob = gauge(
    'fiscal_transmission_oldest_job_age_seconds',
    'Age of the oldest transmission job in the queue (dead jobs aside); 0 when empty.',
  );
  const deliveries = gauge(
    'fiscal_webhook_deliveries',
    'Webhook deliveries stored, by status (pendente, entregue, falhou).',
    ['status'],
  );
  const inflight = gauge(
    'fiscal_webhook_inflight_batches',
    "Fanned-out webhook flights (one fan-out's deliveries) whose first attempts are under way.",
  );
  const behind = gauge(
    'fiscal_webhook_events_behind',
    'Events written and not yet fanned out to webhooks, over all accounts.',
  );
  const captureLag = gauge(
    'fiscal_capture_lag_seconds',
    'How long the oldest due capture of each source has been waiting; 0 when none is due.',
    ['source'],
  );
  const lotes = gauge('fiscal_batches', 'Batches by status.', ['status']);
  const lotesPending = gauge('fiscal_batch_notes_pending', 'Notes of batches created and still in transmission.');
  const scrapeErrors = new Counter({
    name: 'fiscal_metrics_db_read_errors_total',
    help: 'Scrapes whose database figures could not be read (the previous figures are served).',
    registers,
  });

  const apply = seriesSetter();
  const update = (rows: GaugeRow[]) => {
    const of = (m: string) => rows.filter((r) => r.m === m);
    const total = (m: string) => of(m).reduce((sum, r) => sum + Number(r.v), 0);
    const byStatus = (m: string): Series => of(m).map((r) => [{ status: String(r.a) }, Number(r.v)]);
    apply(notes, [
      ...of('nfse').map((r): Series[number] => [{ provider: PROVIDER.nfse, status: String(r.a) }, Number(r.v)]),
      ...of('nfe').map((r): Series[number] => [{ provider: PROVIDER.nfe, status: String(r.a) }, Number(r.v)]),
    ]);
    for (const state of ['due', 'leased', 'scheduled', 'dead'])
      jobs.set(
        { state },
        of('job')
          .filter((r) => r.a === state)
          .reduce((s, r) => s + Number(r.v), 0),
      );
    oldestJob.set(total('job_oldest'));
    apply(deliveries, byStatus('delivery'));
    inflight.set(total('inflight'));
    behind.set(total('behind'));
    for (const [fonte, source] of Object.entries(CAPTURE_SOURCE))
      captureLag.set({ source }, Math.max(0, Number(of('capture').find((r) => r.a === fonte)?.v ?? 0)));
    apply(lotes, byStatus('lote'));
    lotesPending.set(total('lote_pending'));
  };
  return { update, readFailed: () => scrapeErrors.inc() };
}

/** Sets a labelled gauge's series; a label value seen once is set to 0 when it disappears, so a series does not freeze at its last count. */
export function seriesSetter(): (g: Gauge, values: Series) => void {
  const seen = new Map<Gauge, Map<string, Record<string, string>>>();
  return (g, values) => {
    const known = seen.get(g) ?? new Map<string, Record<string, string>>();
    seen.set(g, known);
    const now = new Set<string>();
    for (const [labels, v] of values) {
      const key = JSON.stringify(labels);
      now.add(key);
      known.set(key, labels);
      g.set(labels, v);
    }
    for (const [key, labels] of known) if (!now.has(key)) g.set(labels, 0);
  };
}
