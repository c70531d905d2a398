import { Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database.js';
import { createFiscalGauges } from './create-fiscal-gauges.js';
import { createGaugeRefresh } from './create-gauge-refresh.js';
import { createObservers } from './create-observers.js';
import { readFiscalGauges } from './read-fiscal-gauges.js';
import { registerDependencyGauges, type DependencyReaders } from './register-dependency-gauges.js';
import { registerPoolGauge } from './register-pool-gauge.js';

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
  /** Whether the database and Redis answer, and what Redis's absence cost (fiscal_dependency_up and counters). */
  dependencies?: DependencyReaders;
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

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role: options.role });
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const observers = createObservers(registers);
  const gauges = createFiscalGauges(registers);
  if (options.poolStats) registerPoolGauge(registers, options.poolStats);
  if (options.dependencies) registerDependencyGauges(registers, options.dependencies);
  const refresh = createGaugeRefresh({
    clock: options.clock,
    maxAgeMs: GAUGE_CACHE_MS,
    read: (now) => readFiscalGauges(options.db, now).then(gauges.update, gauges.readFailed),
  });
  return {
    registry,
    contentType: registry.contentType,
    observeRequest: observers.observeRequest,
    observeJob: observers.observeJob,
    async render() {
      await refresh();
      return registry.metrics();
    },
  };
}
