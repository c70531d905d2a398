import { createAuthorityClient, type AuthorityClient } from './authority-client.js';
import type { Endpoint } from './endpoint.js';

/** Clients kept past this many are all closed and the pool starts over (certificates come and go). */
const MAX_CLIENTS = 500;

/**
 * The HTTP clients of a gateway, one per address, certificate and scenario, kept open for reuse. A real service
 * gets mutual TLS with the company's A1; a simulator gets plain http.
 */
export class ClientPool {
  private readonly clients = new Map<string, AuthorityClient>();

  constructor(private readonly timeoutMs: number) {}

  /** The client of `baseUrl`: with the company's A1 when `remote` (a real service), without it for a simulator. */
  get(endpoint: Endpoint, options: { scenario?: string | null; kind?: string } = {}): AuthorityClient {
    const { baseUrl, remote, credentials } = endpoint;
    const scenario = options.scenario ?? null;
    const key = `${options.kind ?? ''}|${baseUrl}|${credentials.serial}|${scenario ?? ''}`;
    let client = this.clients.get(key);
    if (!client) {
      client = createAuthorityClient({
        baseUrl,
        tls: remote
          ? { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem }
          : undefined,
        timeoutMs: this.timeoutMs,
        scenario: scenario ?? undefined,
      });
      if (this.clients.size > MAX_CLIENTS) void this.close();
      this.clients.set(key, client);
    }
    return client;
  }

  async close(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map((c) => c.close().catch(() => {})));
  }
}
