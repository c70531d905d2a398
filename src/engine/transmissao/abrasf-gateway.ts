import { createNationalClient, type NationalClient } from './national-client.js';
import type { Credentials, SimulatorAddress } from './national-gateway.js';

export interface AbrasfGatewayOptions {
  /** ABRASF_URLS_LIVE: the service URL of each city (IBGE → URL) production notes go to; others go to the simulator. */
  urls: Readonly<Record<string, string>>;
  /** ABRASF_URLS_LIVE=perfis: the production URL each city's profile names, where it names one. */
  urlsDosPerfis: boolean;
  /** The in-process ABRASF simulator: every city's service under <url>/<IBGE>. */
  simulator: SimulatorAddress;
  timeoutMs?: number;
}

/** The simulator takes plain http without a client certificate. */
const ANONYMOUS = { serial: '' };

/**
 * Where the notes of an ABRASF city go: the city's service when its URL is configured (mutual TLS with the company's
 * A1), the in-process simulator otherwise. A call with a simulated scenario always goes to the simulator.
 */
export class AbrasfGateway {
  private readonly clients = new Map<string, NationalClient>();

  constructor(private readonly options: AbrasfGatewayOptions) {}

  /** The URL a city's notes go to (null: its simulator), given the production URL of the city's profile. */
  remoteUrl(ibge: string, urlDoPerfil: string | null): string | null {
    return this.options.urls[ibge] ?? (this.options.urlsDosPerfis ? urlDoPerfil : null);
  }

  client(city: { ibge: string; urlDoPerfil: string | null }, scenario: string | null, credentials: Credentials): NationalClient {
    const remote = scenario ? null : this.remoteUrl(city.ibge, city.urlDoPerfil);
    const baseUrl = remote ?? `${this.options.simulator.url}/${city.ibge}`;
    const serial = remote ? credentials.serial : ANONYMOUS.serial;
    const key = `${baseUrl}|${serial}|${scenario ?? ''}`;
    let client = this.clients.get(key);
    if (!client) {
      client = createNationalClient({
        baseUrl,
        tls: remote ? { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem } : undefined,
        timeoutMs: this.options.timeoutMs ?? 30_000,
        scenario: scenario ?? undefined,
      });
      if (this.clients.size > 500) void this.closeClients();
      this.clients.set(key, client);
    }
    return client;
  }

  async closeClients(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map((c) => c.close().catch(() => {})));
  }
}
