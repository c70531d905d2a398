// The panel's session: an HttpOnly cookie the browser keeps (never readable here) and the CSRF token the server
// answers at sign-in, kept in memory only and sent as X-CSRF-Token on every state change.

export interface Conta {
  id: string;
  nome: string;
  email?: string | null;
}

export interface Sessao {
  csrf: string;
  conta: Conta;
}

let current: Sessao | null = null;
const listeners = new Set<(s: Sessao | null) => void>();

export function sessao(): Sessao | null {
  return current;
}

export function onSessao(listener: (s: Sessao | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setSessao(s: Sessao | null) {
  current = s;
  for (const l of listeners) l(s);
}

/** The server ended the session (expired, signed out elsewhere): back to the sign-in page. */
export function sessaoEncerrada() {
  setSessao(null);
}

/** One problem of a refused request (`erros[]`): `campo` is a JSON Pointer into the request body, or null. */
export interface ErroCampo {
  campo: string | null;
  mensagem: string;
  correcao?: string | null;
}

export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly codigo?: string,
    /** Each problem the server named (`erros[]`, or its single `campo`), for the form to show by its field. */
    readonly erros: ErroCampo[] = [],
  ) {
    super(message);
  }
}

/** The problems of an error answer: its `erros[]`, or its own `campo` as one, or none. */
export function errosOf(
  body: {
    mensagem?: string;
    campo?: string | null;
    correcao?: string | null;
    erros?: ErroCampo[] | null;
  } | null,
): ErroCampo[] {
  if (body?.erros?.length) return body.erros;
  if (body?.campo && body.mensagem) return [{ campo: body.campo, mensagem: body.mensagem, correcao: body.correcao }];
  return [];
}

async function call(path: string, init: RequestInit): Promise<any> {
  const res = await fetch(path, { credentials: 'same-origin', ...init });
  const body = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
  if (!res.ok) {
    throw new RequestError(
      body?.mensagem ?? body?.message ?? `Erro ${res.status}`,
      res.status,
      body?.codigo,
      errosOf(body),
    );
  }
  return body;
}

/** Restores the session of the cookie the browser holds, if it is still valid. */
export async function restoreSessao(): Promise<Sessao | null> {
  try {
    setSessao((await call('/painel/api/sessao', { method: 'GET' })) as Sessao);
  } catch (e) {
    if (!(e instanceof RequestError) || e.status !== 401) throw e;
    setSessao(null);
  }
  return current;
}

export async function entrar(email: string, senha: string): Promise<Sessao> {
  const s = (await call('/painel/api/entrar', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, senha }),
  })) as Sessao;
  setSessao(s);
  return s;
}

/** Sets the password of an invitation link; answers the e-mail it was for. */
export async function aceitarConvite(token: string, senha: string): Promise<{ email: string }> {
  return call('/painel/api/convite', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, senha }),
  });
}

export async function sair(): Promise<void> {
  try {
    await call('/painel/api/sair', { method: 'POST', headers: { 'x-csrf-token': current?.csrf ?? '' } });
  } finally {
    setSessao(null);
  }
}
