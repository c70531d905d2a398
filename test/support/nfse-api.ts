import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { httpClient, type HttpResponse } from './http.js';
import { seedAccount, type SeededAccount, type SeededCompany } from './seed.js';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';

export type Http = ReturnType<typeof httpClient>;

export interface NationalApiKit {
  t: TestApp;
  account: SeededAccount;
  company: SeededCompany;
  /** Test-key client. */
  http: Http;
  /** Live-key client of the same account. */
  live: Http;
  /** POST /v1/nfse for the kit's company; `simular` → X-Service-Simular, `wait` → Prefer: wait. */
  issue(options?: { simular?: string; wait?: number; body?: Record<string, unknown>; client?: Http }): Promise<HttpResponse>;
  close(): Promise<void>;
}

let seq = 0;
export const ref = (prefix = 'nac') => `${prefix}-${process.env.VITEST_POOL_ID ?? '0'}-${Date.now().toString(36)}-${++seq}`;

export function nfseBody(empresaId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    empresa_id: empresaId,
    referencia: ref(),
    tomador: { documento: '54550752000155', nome: 'Cliente Ltda' },
    valor: '1500.00',
    servico: { descricao: 'Desenvolvimento de sistema sob encomenda' },
    ...over,
  };
}

export async function startKit(options: TestAppOptions = {}): Promise<NationalApiKit> {
  const t = await startTestApp(options);
  const account = await seedAccount(t.app.engine);
  const company = await account.company();
  const http = httpClient(t.url, account.testKey);
  const live = httpClient(t.url, account.liveKey);
  return {
    t,
    account,
    company,
    http,
    live,
    issue: ({ simular, wait, body, client } = {}) =>
      (client ?? http).post('/v1/nfse', nfseBody(company.id, body), {
        headers: { ...(simular ? { 'x-service-simular': simular } : {}), ...(wait !== undefined ? { prefer: `wait=${wait}` } : {}) },
      }),
    close: () => t.close(),
  };
}

/** Asserts a problem+json answer with this status and `codigo`; returns the body. */
export function expectProblem(res: HttpResponse, status: number, codigo: string) {
  const context = `request ${res.requestId}: ${res.text.slice(0, 1500)}`;
  expect(res.status, context).toBe(status);
  expect(res.headers.get('content-type'), context).toMatch(/^application\/problem\+json/);
  expect(res.body.codigo, context).toBe(codigo);
  return res.body;
}

export function expectStatus(res: HttpResponse, status: number) {
  expect(res.status, `request ${res.requestId}: ${res.text.slice(0, 1500)}`).toBe(status);
  return res.body;
}

/** Polls until `check` returns a value other than undefined/false (real time; for work running in the background). */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Every event of the key's account and environment. */
export async function allEvents(http: Http): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  let apos: string | null = null;
  for (;;) {
    const res: HttpResponse = await http.get(`/v1/eventos?limite=1000${apos ? `&apos=${apos}` : ''}`);
    expectStatus(res, 200);
    out.push(...res.body.eventos);
    if (res.body.eventos.length === 0) return out;
    apos = res.body.proximo_cursor;
  }
}

export async function eventsOf(http: Http, nfseId: string, tipo?: string) {
  return (await allEvents(http)).filter((e) => e.dados?.id === nfseId && (!tipo || e.tipo === tipo));
}

export const steps = (note: { eventos: Array<{ tipo: string }> }) => note.eventos.map((e) => e.tipo);
