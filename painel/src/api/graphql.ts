import { type ErroCampo, errosOf, RequestError, sessao, sessaoEncerrada } from './session.js';

export interface DomainError {
  __typename: 'DomainError';
  codigo: string;
  mensagem: string;
  correcao?: string | null;
  campo?: string | null;
  erros?: ErroCampo[] | null;
}

/** The selection every union result asks for its DomainError member, each problem of `erros[]` included. */
export const DOMAIN_ERROR =
  '... on DomainError { __typename codigo mensagem correcao campo erros { campo mensagem correcao } }';

/**
 * One GraphQL operation of the panel's session (POST /painel/graphql, the CSRF token in X-CSRF-Token).
 * Top-level errors (authentication, limits) are thrown; DomainError members of a result are the caller's.
 */
export async function gql<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch('/painel/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': sessao()?.csrf ?? '' },
    body: JSON.stringify({ query, variables }),
  });
  if (res.status === 401) {
    sessaoEncerrada();
    throw new RequestError('Sessão encerrada. Entre novamente.', 401);
  }
  const body = (await res.json().catch(() => null)) as {
    data?: T;
    errors?: Array<{ message: string; extensions?: { code?: string; campo?: string | null } }>;
  } | null;
  const first = body?.errors?.[0];
  if (!body || first) {
    throw new RequestError(
      first?.message ?? `Erro ${res.status}`,
      res.status,
      first?.extensions?.code,
      errosOf({ mensagem: first?.message, campo: first?.extensions?.campo }),
    );
  }
  return body.data as T;
}

export function isDomainError(value: unknown): value is DomainError {
  return (value as { __typename?: string } | null)?.__typename === 'DomainError';
}

/** A union result: its success member, or a thrown error with the DomainError's message. */
export function unwrap<T>(value: T | DomainError): T {
  if (isDomainError(value))
    throw new RequestError(
      value.correcao ? `${value.mensagem} ${value.correcao}` : value.mensagem,
      200,
      value.codigo,
      errosOf(value),
    );
  return value;
}
