import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth: spacing and key order do not change it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The fingerprint of operation and body that records stored before the route counted hold (version 1). */
export function requestFingerprint(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(operation)
    .update('\n')
    .update(canonicalJson(body ?? null))
    .digest('hex');
}

/** What makes two requests the same request for an Idempotency-Key. */
export interface RequestIdentity {
  method: string;
  /** The route's template (`/v1/nfe/{id}/cancelamento`), not the raw path: spelling and a trailing slash do not count. */
  route: string;
  /** The route's parameters, decoded: which note the path names. */
  params: Record<string, string>;
  query: unknown;
  body: unknown;
}

/** The fingerprint of the whole request: the same key on another method, path, query or body is another request. */
export function requestIdentity(identity: RequestIdentity): string {
  return createHash('sha256')
    .update('v2\n')
    .update(
      canonicalJson({
        method: identity.method.toUpperCase(),
        route: identity.route,
        params: identity.params,
        query: identity.query ?? {},
        body: identity.body ?? null,
      }),
    )
    .digest('hex');
}
