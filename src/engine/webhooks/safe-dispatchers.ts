import type { LookupAddress, LookupOptions } from 'node:dns';
import { Pool } from 'undici';
import { type AddressPolicy, type AddressVerdict, checkAddresses, checkHost, isIpLiteral } from './check-host.js';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** How long a name's resolution is reused by deliveries (the address check itself runs on every attempt). */
export const DELIVERY_DNS_TTL_MS = 5_000;
// Pools kept open at once: one per (origin, checked addresses); the least recently used is closed beyond it.
const MAX_POOLS = 1_000;
const MAX_NAMES = 10_000;

export type SafeTarget = { ok: true; pool: Pool } | { ok: false; motivo: string };

/**
 * Where webhook deliveries connect (SSRF guard). Every attempt checks the host: an IP literal is
 * checked as it is; a name's addresses are resolved (the answer is reused for DELIVERY_DNS_TTL_MS) and every
 * one of them checked, one internal address refusing the host. The attempt then goes through a keep-alive pool
 * bound to that origin and exactly those checked addresses: the pool's socket lookup answers them and nothing
 * else, so whatever the name resolves to meanwhile, a connection — new or reused — only ever reaches an address
 * that passed the check. Reusing a resolution for a few seconds is safe for the same reason: the cached
 * addresses are still checked at each attempt, and a rebinding is seen (and refused) once the answer expires.
 * Redirects are not followed: undici only follows them with the redirect interceptor, which is not installed.
 */
export class SafeDispatchers {
  private readonly pools = new Map<string, Pool>();
  private readonly names = new Map<string, { until: number; addresses: Promise<string[]> }>();

  constructor(
    private readonly policy: AddressPolicy,
    private readonly options: { connections?: number; dnsTtlMs?: number } = {},
  ) {}

  /** Checks `url`'s host now and returns the pool bound to its checked addresses, or why it is refused. */
  async target(url: URL): Promise<SafeTarget> {
    const verdict = isIpLiteral(this.policy, url.hostname)
      ? await checkHost(this.policy, url.hostname)
      : await this.checkName(url.hostname);
    if (!verdict.ok) return verdict;
    return { ok: true, pool: this.poolFor(url, verdict.addresses) };
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.close()));
  }

  /** A name's addresses (resolved at most once per TTL), every one checked now. */
  private async checkName(hostname: string): Promise<AddressVerdict> {
    const now = Date.now();
    let entry = this.names.get(hostname);
    if (!entry || entry.until <= now) {
      // One resolution in flight per name; a failed one is not kept.
      entry = {
        until: now + (this.options.dnsTtlMs ?? DELIVERY_DNS_TTL_MS),
        addresses: this.policy.resolveHost(hostname),
      };
      if (this.names.size >= MAX_NAMES) this.names.clear();
      this.names.set(hostname, entry);
    }
    try {
      return checkAddresses(await entry.addresses, this.policy.allowedCidrs);
    } catch {
      if (this.names.get(hostname) === entry) this.names.delete(hostname);
      return { ok: false, motivo: `o nome ${hostname} não pôde ser resolvido` };
    }
  }

  private poolFor(url: URL, checked: string[]): Pool {
    const key = `${url.origin} ${checked.join(' ')}`;
    const pool = this.pools.get(key);
    if (pool) {
      // Most recently used last: eviction takes the first.
      this.pools.delete(key);
      this.pools.set(key, pool);
      return pool;
    }
    const family = (a: string) => (a.includes(':') ? 6 : 4);
    const lookup = (_hostname: string, options: LookupOptions, callback: LookupCallback) => {
      const wanted = checked.filter((a) => !options.family || family(a) === options.family);
      const list = wanted.length ? wanted : checked;
      if (options.all)
        callback(
          null,
          list.map((address) => ({ address, family: family(address) })),
        );
      else callback(null, list[0]!, family(list[0]!));
    };
    // The host name stays the pool's origin, so TLS verifies the certificate against it (SNI included).
    const created = new Pool(url.origin, {
      connections: this.options.connections ?? 128,
      keepAliveTimeout: 10_000,
      connect: { lookup: lookup as never },
    });
    this.pools.set(key, created);
    if (this.pools.size > MAX_POOLS) {
      const [oldestKey, oldest] = this.pools.entries().next().value!;
      this.pools.delete(oldestKey);
      // close() lets the requests it already holds finish.
      void oldest.close().catch(() => undefined);
    }
    return created;
  }
}
