/**
 * Headers of every /painel response: the page may load only its own scripts, styles, images and fonts and talk
 * only to its own origin (GraphQL and its websocket), never be framed, never leak the URL to another site.
 */
export const PAINEL_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;
