import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database.js';
import { readFiscalGauges, type GaugeRow } from './read-fiscal-gauges.js';

/** The database's figures are read at most this often, however many scrapers there are. */
export const GAUGE_CACHE_MS = 5_000;

/** Connections of the PostgreSQL pool (pg's Pool counters); absent on the embedded database. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsOptions {
  db: Db;
  clock: { now(): Date };
  /** The process role, a label of every series: each process exposes its own registry. */
  role: string;
  poolStats?: () => PoolStats;
  /** Tests: many apps in one process; the defaults (event loop, memory, CPU) are registered once per app anyway. */
  defaultMetrics?: boolean;
}

export interface Metrics {
  registry: Registry;
  /** One finished HTTP request: the route template (never the raw URL), method, status and duration. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** One transmission job from its claim to the end of its step. */
  observeJob(provider: 'nfse' | 'nfe', outcome: string, seconds: number): void;
  /** The exposition text, with the database figures of at most GAUGE_CACHE_MS ago. */
  render(): Promise<string>;
  contentType: string;
}

/** Provider label of each note family: the national NFS-e system or the SEFAZ authorities (NF-e). */
const PROVIDER = { nfse: 'nfse_nacional', nfe: 'nfe_sefaz' } as const;
/** Capture sources by the stored `fonte`: a fixed set, so an unknown value cannot add series. */
const CAPTURE_SOURCE: Record<string, string> = { ADN: 'nfse_adn', SEFAZ_NFE: 'nfe', SEFAZ_CTE: 'cte' };
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role: options.role });
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'fiscal_http_requests_total',
    help: 'HTTP requests by route template, method and status class.',
    labelNames: ['route', 'method', 'status_class'],
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'fiscal_http_request_duration_seconds',
    help: 'HTTP request duration by route template, method and status class.',
    labelNames: ['route', 'method', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const jobSeconds = new Histogram({
    name: 'fiscal_transmission_duration_seconds',
    help: 'Transmission jobs run by this worker, from claim to the end of the step (settled, rescheduled or error).',
    labelNames: ['provider', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120],
    registers,
  });
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers });
  const notes = gauge('fiscal_notes', 'Notes stored, by provider and status (whole database).', ['provider', 'status']);
  const jobs = gauge(
    'fiscal_transmission_jobs',
    'Transmission jobs queued: due (claimable), leased (running) or scheduled (waiting for a retry).',
    ['state'],
  );
  const oldestJob = gauge(
    'fiscal_transmission_oldest_job_age_seconds',
    'Age of the oldest transmission job in the queue; 0 when empty.',
  );
  const deliveries = gauge(
    'fiscal_webhook_deliveries',
    'Webhook deliveries stored, by status (pendente, entregue, falhou).',
    ['status'],
  );
  const inflight = gauge(
    'fiscal_webhook_inflight_batches',
    'Fanned-out webhook batches whose first attempts are under way.',
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
  if (options.poolStats) {
    const pool = options.poolStats;
    new Gauge({
      name: 'fiscal_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers,
      collect() {
        const s = pool();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }

  // A label value seen once is set to 0 when it disappears, so a series does not freeze at its last count.
  const seen = new Map<Gauge, Map<string, Record<string, string>>>();
  const apply = (g: Gauge, values: Array<[Record<string, string>, number]>) => {
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
  const update = (rows: GaugeRow[]) => {
    const of = (m: string) => rows.filter((r) => r.m === m);
    const total = (m: string) => of(m).reduce((sum, r) => sum + Number(r.v), 0);
    apply(notes, [
      ...of('nfse').map((r): [Record<string, string>, number] => [
        { provider: PROVIDER.nfse, status: String(r.a) },
        Number(r.v),
      ]),
      ...of('nfe').map((r): [Record<string, string>, number] => [
        { provider: PROVIDER.nfe, status: String(r.a) },
        Number(r.v),
      ]),
    ]);
    for (const state of ['due', 'leased', 'scheduled'])
      jobs.set(
        { state },
        of('job')
          .filter((r) => r.a === state)
          .reduce((s, r) => s + Number(r.v), 0),
      );
    oldestJob.set(total('job_oldest'));
    apply(
      deliveries,
      of('delivery').map((r) => [{ status: String(r.a) }, Number(r.v)]),
    );
    inflight.set(total('inflight'));
    behind.set(total('behind'));
    for (const [fonte, source] of Object.entries(CAPTURE_SOURCE))
      captureLag.set({ source }, Math.max(0, Number(of('capture').find((r) => r.a === fonte)?.v ?? 0)));
    apply(
      lotes,
      of('lote').map((r) => [{ status: String(r.a) }, Number(r.v)]),
    );
    lotesPending.set(total('lote_pending'));
  };

  // Aged by the app's clock, as every other time; a clock set back (before the last read) reads again.
  let readAt: number | null = null;
  let reading: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    if (reading) return reading;
    const now = options.clock.now();
    const age = readAt === null ? Infinity : now.getTime() - readAt;
    if (age >= 0 && age < GAUGE_CACHE_MS) return Promise.resolve();
    reading = readFiscalGauges(options.db, now)
      .then(update, () => scrapeErrors.inc())
      .finally(() => {
        readAt = options.clock.now().getTime();
        reading = null;
      });
    return reading;
  };

  return {
    registry,
    contentType: registry.contentType,
    observeRequest(route, method, status, seconds) {
      const labels = {
        route,
        method: METHODS.has(method) ? method : 'OTHER',
        status_class: `${Math.floor(status / 100)}xx`,
      };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    observeJob(provider, outcome, seconds) {
      jobSeconds.observe({ provider: PROVIDER[provider], outcome }, seconds);
    },
    async render() {
      await refresh();
      return registry.metrics();
    },
  };
}
