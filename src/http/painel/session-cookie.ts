/** The panel's session cookie: its Path keeps it off /v1 and /graphql, SameSite=Strict off other sites' requests. */
export const SESSION_COOKIE = 'fiscal_sessao';

const ATTRIBUTES = 'Path=/painel; HttpOnly; SameSite=Strict';

/** The Set-Cookie value of a new session; no Max-Age: the browser drops it when it closes, the server at its end. */
export const sessionCookie = (token: string, secure: boolean): string =>
  `${SESSION_COOKIE}=${token}; ${ATTRIBUTES}${secure ? '; Secure' : ''}`;

export const expiredSessionCookie = (secure: boolean): string =>
  `${SESSION_COOKIE}=; ${ATTRIBUTES}; Max-Age=0${secure ? '; Secure' : ''}`;

/** The session token of a Cookie header, if any (the first of the name). */
export function readSessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SESSION_COOKIE) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}
