import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/create-logger.js';
import { createTracePort } from '../../src/telemetry/create-trace-port.js';
import { withFailingDatabase } from '../support/faults.js';
import { httpClient } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

/** The process log as JSON lines, read back from an in-memory destination. */
function memoryLog() {
  const lines: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const log = memoryLog();
let t: TestApp;
let acct: SeededAccount;
useTestApp(
  (s) => ({ t, acct } = s),
  // A public address for the webhook's name: no DNS here, and nothing is delivered to it.
  () => ({ logger: log.logger, resolveHost: async () => ['8.8.8.8'] }),
);

describe('log lines through Fastify’s logger', () => {
  it('a 500’s line carries the request id the client was given, and the key never reaches the log', async () => {
    const live = httpClient(t.url, acct.liveKey);
    const res = await withFailingDatabase(t.app.engine, () => live.get('/v1/companies'));
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const failures = log.parsed().filter((l) => l.msg === 'unexpected error');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.requestId).toBe(requestId);
    const failureLine = log.lines.find((l) => l.includes('"unexpected error"'))!;
    expect(failureLine.match(/"requestId"/g)).toHaveLength(1);
    expect(log.lines.join('\n')).not.toContain(acct.liveKey);
  });

  it('the engine’s own lines written inside a request carry its id once', async () => {
    const live = httpClient(t.url, acct.liveKey);
    const before = log.lines.length;
    const res = await live.post('/v1/webhooks', {
      url: 'https://hooks.example.com/fiscal',
      eventos: ['NFSE_AUTORIZADA'],
    });
    expect(res.status, res.text).toBe(201);
    const created = log.lines.slice(before).filter((l) => l.includes('"webhook created"'));
    expect(created).toHaveLength(1);
    expect(JSON.parse(created[0]!).requestId).toBe(res.headers.get('x-request-id'));
    expect(created[0]!.match(/"requestId"/g)).toHaveLength(1);
  });

  it('a worker’s lines about a job carry the job and its note', async () => {
    const port = createTracePort(null);
    const job = { id: 'job-1', kind: 'emitir', nfseId: 'nota-1', nfeId: null, traceparent: null };
    await port.runJob(job, async () => log.logger.warn('step failed'));
    const line = log.parsed().find((l) => l.msg === 'step failed');
    expect(line).toMatchObject({ jobId: 'job-1', nfseId: 'nota-1' });
  });

  it('secrets are redacted wherever they sit in a line', () => {
    const { logger, lines } = memoryLog();
    logger.info(
      {
        headers: { authorization: 'Bearer sk_live_x', 'x-api-key': 'k-123', cookie: 'sid=1' },
        certificado: { senha: 'cert-pass', arquivo: 'MIIB' },
        webhook: { segredo: 'whsec_1' },
        auth: { token: 'tok-1', password: 'pw-1' },
      },
      'request received',
    );
    const text = lines.join('');
    for (const secret of ['sk_live_x', 'k-123', 'sid=1', 'cert-pass', 'MIIB', 'whsec_1', 'tok-1', 'pw-1'])
      expect(text).not.toContain(secret);
  });
});
