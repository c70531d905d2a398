import { createHmac, type KeyObject } from 'node:crypto';

// Keys are KeyObjects made once per opened webhook (ready-webhook.ts): a secret given as text is converted again
// at every HMAC.
const hmac = (key: KeyObject, text: string) => createHmac('sha256', key).update(text).digest('hex');

/**
 * `X-Service-Signature-V2`: `t=<timestamp>,v1=<hex>` where hex = HMAC-SHA256 keyed with the secret
 * as text over `<timestamp>.<raw body>`. During a rotation the current secret's part comes first, then the
 * previous one's: a receiver accepts when any `v1=` matches.
 */
export function signatureV2(keys: KeyObject[], timestamp: number, body: string): string {
  const signed = `${timestamp}.${body}`;
  let header = `t=${timestamp}`;
  for (const key of keys) header += `,v1=${hmac(key, signed)}`;
  return header;
}

/** Legacy `X-Service-Signature`: HMAC over the raw body only (no replay protection), current secret only. */
export const legacySignature = (key: KeyObject, body: string): string => hmac(key, body);
