import { Counter, Gauge, type Registry } from 'prom-client';

/** What the process knows of Redis (composition/open-messaging.ts). */
export interface RedisFigures {
  state: 'absent' | 'up' | 'down';
  publishFailures: number;
  rateLimitFallbacks: number;
}

export interface DependencyReaders {
  redis: () => RedisFigures;
  /** Whether the database answers a trivial query within a short bound. */
  databaseUp: () => Promise<boolean>;
}

/**
 * Whether the database and Redis answer (1/0; Redis absent without REDIS_URL is left out), and what Redis's
 * absence cost: messages not carried to other processes, requests rate-limited by this process alone. Read at
 * each scrape.
 */
export function registerDependencyGauges(registers: Registry[], read: DependencyReaders): void {
  new Gauge({
    name: 'fiscal_dependency_up',
    help: 'Whether a dependency answers: 1 up, 0 down (redis only when REDIS_URL is set).',
    labelNames: ['dependency'],
    registers,
    async collect() {
      this.set({ dependency: 'database' }, (await read.databaseUp()) ? 1 : 0);
      const redis = read.redis().state;
      if (redis !== 'absent') this.set({ dependency: 'redis' }, redis === 'up' ? 1 : 0);
    },
  });
  const counter = (name: string, help: string, value: (figures: RedisFigures) => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(value(read.redis()));
      },
    });
  counter(
    'fiscal_redis_publish_failures_total',
    'Pub/sub messages Redis did not carry to other processes (the change was committed; followers catch up).',
    (f) => f.publishFailures,
  );
  counter(
    'fiscal_rate_limit_fallbacks_total',
    'Requests rate-limited by this process alone (RATE_LIMIT_PROCESSES) because Redis did not answer.',
    (f) => f.rateLimitFallbacks,
  );
}
