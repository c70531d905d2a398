/**
 * Whether a page of `origin` may use the panel's session: the service's own origin (scheme, host and port the
 * request came to, as the browser names it), or one of PAINEL_ORIGINS. The Origin header is what another site's
 * page cannot forge.
 */
export function painelOriginAllowed(origin: string, ownOrigin: string, origins: readonly string[]): boolean {
  const wanted = origin.toLowerCase();
  return wanted === ownOrigin.toLowerCase() || origins.includes(wanted);
}
