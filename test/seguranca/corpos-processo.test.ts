// A hostile body sent to a real service process: it answers a small 422 quickly, and /healthz keeps answering
// within 100 ms while the body is handled (one request must not hold the process's only thread).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpChildren, startChildProcess } from '../support/child-service.js';
import { usingPostgres } from '../support/test-app.js';
import { expectResponsive } from '../support/expect-responsive.js';

const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-corpos-'));
const schema = `corpos_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];
let service: { url: string; testKey: string; companyId: string };

beforeAll(async () => {
  const started = await startChildProcess<typeof service>(
    'test/support/children/service-child.ts',
    { DATA_DIR: dataDir, CHILD_SEED: '1', ...(usingPostgres() ? { CHILD_PG_SCHEMA: schema } : {}) },
    children,
  );
  service = started.info;
}, 120_000);
afterAll(() => cleanUpChildren(children, dataDir, schema));

const post = (path: string, body: string) =>
  fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${service.testKey}` },
    body,
  });

/** Sends `body` and, until it is answered, asks /healthz one call after another: the answer and each wait. */
async function whileHandled(path: string, body: string) {
  const started = performance.now();
  let answered = false;
  const call = post(path, body).then(async (res) => {
    const text = await res.text();
    answered = true;
    return { status: res.status, text, ms: performance.now() - started };
  });
  const health: number[] = [];
  // At least a few probes, the first sent while the body is still being received or judged.
  while (!answered || health.length < 3) {
    const t0 = performance.now();
    const res = await fetch(`${service.url}/healthz`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    health.push(performance.now() - t0);
  }
  return { answer: await call, health };
}

describe('hostile bodies against a running service', () => {
  it('POST /v1/nfe/previa with 20,000 items: a bounded 422 at once, /healthz within 100 ms meanwhile', async () => {
    // Warm-up: the first request of a process compiles the routes' code paths.
    await (await fetch(`${service.url}/healthz`)).arrayBuffer();
    await (await post('/v1/nfe/previa', JSON.stringify({ empresa_id: service.companyId, itens: [] }))).text();

    const itens = Array.from({ length: 20_000 }, () => ({ codigo: 'X' }));
    const { answer, health } = await whileHandled(
      '/v1/nfe/previa',
      JSON.stringify({ empresa_id: service.companyId, itens }),
    );
    expect(answer.status, answer.text.slice(0, 500)).toBe(422);
    const problem = JSON.parse(answer.text) as { codigo: string; erros: Array<{ codigo: string; campo: string }> };
    expect(problem.codigo).toBe('validacao');
    expect(problem.erros).toContainEqual(expect.objectContaining({ codigo: 'lista_muito_longa', campo: '/itens' }));
    expect(answer.text.length).toBeLessThan(16_000);
    // Generous bounds: the same request held a core for minutes when each item was judged.
    expect(answer.ms).toBeLessThan(5_000);
    expectResponsive(health, '/healthz');
  }, 60_000);

  it('JSON nested 100,000 levels deep: a 422, and the process still answers', async () => {
    const deep = `{"empresa_id":"${service.companyId}","tomador":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const { answer, health } = await whileHandled('/v1/nfse', deep);
    expect(answer.status, answer.text.slice(0, 500)).toBe(422);
    expect(answer.text).toContain('profundidade_excedida');
    expectResponsive(health, '/healthz');
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  }, 60_000);
});
