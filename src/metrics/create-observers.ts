import { Counter, Histogram, type Registry } from 'prom-client';
import type { Metrics } from './create-metrics.js';

/** Provider label of each note family: the national NFS-e system or the SEFAZ authorities (NF-e). */
export const PROVIDER = { nfse: 'nfse_nacional', nfe: 'nfe_sefaz' } as const;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** The series the process observes as it works: HTTP requests and transmission jobs. */
export function createObservers(registers: Registry[]): Pick<Metrics, 'observeRequest' | 'observeJob'> {
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
  return {
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
  };
}
