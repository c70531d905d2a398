// GET /metrics: refused without the token, served with it; after a note the expected series exist and move, and no
// label value is an id (UUIDs), a CNPJ or a URL. A second app serves them on METRICS_PORT only.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAUGE_CACHE_MS } from '../../src/metrics/create-metrics.js';
import { nfseBody } from '../support/nfse.js';
import { httpClient } from '../support/http.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import { startTestApp, usingPostgres, type TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let account: SeededAccount;
let company: SeededCompany;

// The app's clock runs this far ahead of the real one: the test moves it past the gauges' cache instead of waiting.
let ahead = 0;
const clock = { now: () => new Date(Date.now() + ahead) };

// indisponibilidade answers 503 once: the request's own attempt fails and the worker transmits the note.
useTestApp(
  (s) => ({ t, acct: account } = s),
  () => ({ clock, env: { METRICS_TOKEN: TOKEN }, simulatorDelays: { unavailableCalls: 1 } }),
);
beforeAll(async () => {
  company = await account.company();
}, 60_000);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition text as samples (comments skipped); label values are unescaped enough for these checks. */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) throw new Error(`unparsable line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

async function scrape(url = `${t.url}/metrics`): Promise<Sample[]> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await res.text());
}

describe('GET /metrics on the main port (METRICS_TOKEN)', () => {
  it('is refused without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`, TOKEN]) {
      const res = await fetch(`${t.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, String(authorization)).toBe(401);
      expect(await res.text()).not.toContain('fiscal_');
    }
  });

  it('after a note: requests by route template, notes by provider and status, the transmission histogram move', async () => {
    const before = await scrape();
    const http = httpClient(t.url, account.testKey);
    const issued = await http.post('/v1/nfse', nfseBody(company.id), {
      headers: { prefer: 'wait=0', 'x-service-simular': 'indisponibilidade' },
    });
    expect(issued.status, issued.text).toBe(202);
    // The worker retries the note after each 503; a retry waiting for its backoff is made due at once (the
    // running worker claims it; a job it holds has a lease and is left alone). Polled in the database, not
    // against the rate limit.
    const deadline = Date.now() + 30_000;
    let status = 'transmitindo';
    while (status === 'transmitindo' && Date.now() < deadline) {
      await sleep(250);
      await t.app.engine.db.transmissionJob.updateMany({
        where: { nfseId: issued.body.id, lockedUntil: null },
        data: { runAt: new Date(0) },
      });
      status = (await t.app.engine.db.nfse.findUniqueOrThrow({ where: { id: issued.body.id } })).status;
    }
    expect(status).toBe('autorizada');
    ahead += GAUGE_CACHE_MS + 100;
    const after = await scrape();

    const post = { route: '/v1/nfse', method: 'POST', status_class: '2xx' };
    expect(value(after, 'fiscal_http_requests_total', post)).toBe(
      value(before, 'fiscal_http_requests_total', post) + 1,
    );
    expect(value(after, 'fiscal_http_request_duration_seconds_count', post)).toBe(
      value(before, 'fiscal_http_request_duration_seconds_count', post) + 1,
    );
    expect(
      after.some(
        (s) =>
          s.name === 'fiscal_http_request_duration_seconds_bucket' &&
          s.labels.route === '/v1/nfse' &&
          s.labels.le === '+Inf',
      ),
    ).toBe(true);
    // A note read by its id counts under the API's template, never under its id; the scrape itself under its
    // template; a path outside the API under /v1/* and any other under one label.
    const read = { route: '/v1/nfse/{id}', method: 'GET', status_class: '2xx' };
    expect((await http.get(`/v1/nfse/${issued.body.id}`)).status).toBe(200);
    expect((await http.get('/v1/nao-existe/123')).status).toBe(404);
    await fetch(`${t.url}/nao-existe/123`);
    const later = await scrape();
    expect(value(later, 'fiscal_http_requests_total', read)).toBe(value(after, 'fiscal_http_requests_total', read) + 1);
    expect(later.some((s) => Object.values(s.labels).some((v) => v.includes(issued.body.id)))).toBe(false);
    expect(
      value(later, 'fiscal_http_requests_total', { route: '/v1/*', method: 'GET', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(later, 'fiscal_http_requests_total', { route: 'unmatched', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(later, 'fiscal_http_requests_total', { route: '/metrics', method: 'GET', status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);

    const authorised = { provider: 'nfse_nacional', status: 'autorizada' };
    expect(value(after, 'fiscal_notes', authorised)).toBe(value(before, 'fiscal_notes', authorised) + 1);
    const worked = { provider: 'nfse_nacional', outcome: 'settled' };
    expect(value(after, 'fiscal_transmission_duration_seconds_count', worked)).toBe(
      value(before, 'fiscal_transmission_duration_seconds_count', worked) + 1,
    );
    expect(value(after, 'fiscal_transmission_duration_seconds_sum', worked)).toBeGreaterThan(0);

    // Every other family is there, even at zero.
    for (const [name, labels] of [
      ['fiscal_transmission_jobs', { state: 'due' }],
      ['fiscal_transmission_jobs', { state: 'leased' }],
      ['fiscal_transmission_oldest_job_age_seconds', {}],
      ['fiscal_webhook_inflight_batches', {}],
      ['fiscal_webhook_events_behind', {}],
      ['fiscal_capture_lag_seconds', { source: 'nfse_adn' }],
      ['fiscal_capture_lag_seconds', { source: 'nfe' }],
      ['fiscal_capture_lag_seconds', { source: 'cte' }],
      ['fiscal_batch_notes_pending', {}],
      ['nodejs_eventloop_lag_seconds', {}],
      ['process_cpu_seconds_total', {}],
    ] as const) {
      expect(
        after.some((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)),
        `${name} ${JSON.stringify(labels)}`,
      ).toBe(true);
    }
    if (usingPostgres())
      expect(after.some((s) => s.name === 'fiscal_db_pool_connections' && s.labels.state === 'total')).toBe(true);
    for (const s of after) expect(s.labels.role).toBe('all');
  }, 60_000);

  it('no label value holds an id, a key, a CNPJ or a URL', async () => {
    const samples = await scrape();
    const values = samples.flatMap((s) => Object.values(s.labels));
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) {
      expect(v).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
      expect(v).not.toMatch(/\d{14}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);
      expect(v).not.toMatch(/^https?:|\?|fsk_|sk_/);
      expect(v).not.toContain(company.cnpj);
    }
  });
});

describe('METRICS_PORT', () => {
  let w: TestApp;
  beforeAll(async () => {
    w = await startTestApp({ env: { METRICS_PORT: '0' }, role: 'worker' });
  }, 60_000);
  afterAll(async () => w?.close());

  it('a worker-only process serves its own registry on the metrics port, and the main port has no /metrics', async () => {
    expect(w.app.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const samples = await scrape(w.app.metricsUrl);
    expect(samples.every((s) => s.labels.role === 'worker')).toBe(true);
    expect(samples.some((s) => s.name === 'fiscal_transmission_jobs')).toBe(true);
    expect((await fetch(w.app.metricsUrl.replace('/metrics', '/healthz'))).status).toBe(404);
    // The main app of this file has a token: without one, its port would answer 404 (no route).
    const plain = await startTestApp({ env: {} });
    try {
      expect((await fetch(`${plain.url}/metrics`)).status).toBe(404);
      expect(plain.app.metrics).toBeNull();
    } finally {
      await plain.close();
    }
  }, 60_000);
});
