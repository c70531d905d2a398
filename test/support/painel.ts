import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { EngineDeps } from '../../src/engine/engine-deps.js';
import { setPessoaPassword } from '../../src/engine/pessoas/set-pessoa-password.js';
import type { Gql } from './graphql.js';

export interface Pessoa {
  email: string;
  senha: string;
}

/** A panel person of the account with a fresh e-mail and password, through the engine as the CLI sets it. */
export async function seedPessoa(deps: EngineDeps, accountId: string): Promise<Pessoa> {
  const pessoa = {
    email: `p-${randomBytes(5).toString('hex')}@exemplo.com.br`,
    senha: `senha longa ${randomBytes(6).toString('hex')}`,
  };
  await setPessoaPassword(deps, { ...pessoa, accountId });
  return pessoa;
}

export interface PanelResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** The `fiscal_sessao=…` pair of a Set-Cookie header, as a browser would send it back. */
export const cookieOf = (res: { headers: Headers }): string => res.headers.get('set-cookie')!.split(';')[0]!;

/** A signed-in panel, as the browser uses it: the session cookie on every call, X-CSRF-Token on every POST. */
export async function signInPanel(url: string, pessoa: Pessoa) {
  const res = await fetch(`${url}/painel/api/entrar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: pessoa.email, senha: pessoa.senha }),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  const cookie = cookieOf(res);
  const csrf = body.csrf as string;

  const call = async (
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<PanelResponse> => {
    const headers: Record<string, string> = {
      cookie,
      ...(method === 'POST' ? { 'x-csrf-token': csrf } : {}),
      ...options.headers,
    };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const r = await fetch(`${url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: r.status, headers: r.headers, body: parsed };
  };
  const gql = async (query: string, variables: Record<string, unknown> = {}): Promise<Gql> => {
    const r = await call('POST', '/painel/graphql', { body: { query, variables } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as Gql;
  };
  return { cookie, csrf, conta: body.conta, call, gql };
}

export type Panel = Awaited<ReturnType<typeof signInPanel>>;
