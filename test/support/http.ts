import { statSync } from 'node:fs';
import { OpenAPIBackend } from 'openapi-backend';
import { expect } from 'vitest';
import { addFormats, loadOpenApiDocument, OPENAPI_PATH } from '../../src/rest/rest-api.js';

export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  requestId: string | null;
}

// Parsing openapi.yaml and compiling its validators takes a few tenths of a second; one contract serves every
// test file of a worker process. Kept on globalThis because each file gets fresh instances of the project's
// modules, this one included; made again if the document changed on disk.
const CONTRACT = Symbol.for('fiscal-api.test-contract');
type Held = { mtimeMs: number; contract: Promise<OpenAPIBackend> };
const holder = globalThis as { [CONTRACT]?: Held };
function openapi(): Promise<OpenAPIBackend> {
  const { mtimeMs } = statSync(OPENAPI_PATH);
  if (holder[CONTRACT]?.mtimeMs !== mtimeMs) {
    const contract = new OpenAPIBackend({
      definition: loadOpenApiDocument(),
      quick: true,
      validate: true,
      customizeAjv: addFormats as never,
    });
    holder[CONTRACT] = { mtimeMs, contract: contract.init().then(() => contract) };
  }
  return holder[CONTRACT]!.contract;
}

/**
 * An HTTP client for tests. Every /v1 response is validated against openapi.yaml (status and body), so the
 * facade cannot drift from the document; a failure prints the request id and the body.
 */
export function httpClient(baseUrl: string, defaultKey?: string) {
  const request = async <T = any>(
    method: string,
    path: string,
    options: { body?: unknown; key?: string | null; headers?: Record<string, string>; raw?: BodyInit } = {},
  ): Promise<HttpResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? defaultKey : options.key;
    if (key) headers.authorization = `Bearer ${key}`;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    const out = {
      status: res.status,
      headers: res.headers,
      body: parsed as T,
      text,
      requestId: res.headers.get('x-request-id'),
    };
    if (path.startsWith('/v1/')) await assertMatchesContract(method, path, out);
    return out;
  };
  return {
    request,
    get: <T = any>(path: string, o?: Parameters<typeof request>[2]) => request<T>('GET', path, o),
    post: <T = any>(path: string, body?: unknown, o?: Parameters<typeof request>[2]) =>
      request<T>('POST', path, { ...o, body }),
    delete: <T = any>(path: string, o?: Parameters<typeof request>[2]) => request<T>('DELETE', path, o),
  };
}

export type Http = ReturnType<typeof httpClient>;

/** Asserts a problem+json body with the given status and `codigo`; returns the body. */
export function expectProblem(res: HttpResponse, status: number, codigo: string) {
  const context = `request ${res.requestId}: ${res.text.slice(0, 1500)}`;
  expect(res.status, context).toBe(status);
  expect(res.headers.get('content-type'), context).toMatch(/^application\/problem\+json/);
  expect(res.body.codigo, context).toBe(codigo);
  expect(res.body.requisicao_id, context).toBe(res.requestId);
  return res.body;
}

/** Asserts the status (the failure shows the request id and the body); returns the body. */
export function expectStatus(res: HttpResponse, status: number) {
  expect(res.status, `request ${res.requestId}: ${res.text.slice(0, 1500)}`).toBe(status);
  return res.body;
}

async function assertMatchesContract(method: string, path: string, res: HttpResponse): Promise<void> {
  const api = await openapi();
  const operation = api.matchOperation({ method, path: path.split('?')[0]!, headers: {} });
  if (!operation) return; // unknown routes answer 404 in the family format; nothing to compare
  if (res.status === 204 || typeof res.body !== 'object') return;
  const result = api.validateResponse(res.body, operation, res.status);
  if (result.errors?.length) {
    throw new Error(
      `response of ${method} ${path} (${res.status}, request ${res.requestId}) does not match openapi.yaml:\n` +
        `${JSON.stringify(result.errors, null, 2)}\nbody: ${res.text.slice(0, 2000)}`,
    );
  }
}
