import { createHmac } from 'node:crypto';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/**
 * `X-Service-Signature-V2` (spec 6.1): `t=<timestamp>,v1=<hex>` where hex = HMAC-SHA256 keyed with the secret
 * as text over `<timestamp>.<raw body>`. During a rotation the current secret's part comes first, then the
 * previous one's (spec 6.4): a receiver accepts when any `v1=` matches.
 */
export function signatureV2(secrets: string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${hmac(s, `${timestamp}.${body}`)}`)].join(',');
}

/** Legacy `X-Service-Signature`: HMAC over the raw body only (no replay protection), current secret only. */
export const legacySignature = (secret: string, body: string): string => hmac(secret, body);
