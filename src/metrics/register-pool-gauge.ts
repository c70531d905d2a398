import { Gauge, type Registry } from 'prom-client';
import type { PoolStats } from './create-metrics.js';

/** The PostgreSQL pool's connections, read from the pool at each scrape. */
export function registerPoolGauge(registers: Registry[], pool: () => PoolStats): void {
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
