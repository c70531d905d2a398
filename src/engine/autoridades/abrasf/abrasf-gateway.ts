import { type AuthorityClient } from '../authority-client.js';
import { chooseEndpoint, type Credentials, type SimulatorAddress } from '../endpoint.js';
import { ClientPool } from '../client-pool.js';

export interface AbrasfGatewayOptions {
  /** ABRASF_URLS_LIVE: the service URL of each city (IBGE → URL) production notes go to; others go to the simulator. */
  urls: Readonly<Record<string, string>>;
  /** ABRASF_URLS_LIVE=perfis: the production URL each city's profile names, where it names one. */
  urlsDosPerfis: boolean;
  /** The in-process ABRASF simulator: every city's service under <url>/<IBGE>. */
  simulator: SimulatorAddress;
  timeoutMs?: number;
}

/**
 * Where the notes of an ABRASF city go: the city's service when its URL is configured (mutual TLS with the company's
 * A1), the in-process simulator otherwise. A call with a simulated scenario always goes to the simulator.
 */
export class AbrasfGateway {
  private readonly clients: ClientPool;

  constructor(private readonly options: AbrasfGatewayOptions) {
    this.clients = new ClientPool(options.timeoutMs ?? 30_000);
  }

  /** The URL a city's notes go to (null: its simulator), given the production URL of the city's profile. */
  remoteUrl(ibge: string, urlDoPerfil: string | null): string | null {
    return this.options.urls[ibge] ?? (this.options.urlsDosPerfis ? urlDoPerfil : null);
  }

  client(
    city: { ibge: string; urlDoPerfil: string | null },
    scenario: string | null,
    credentials: Credentials,
  ): AuthorityClient {
    const configured = this.remoteUrl(city.ibge, city.urlDoPerfil);
    const simulated = `${this.options.simulator.url}/${city.ibge}`;
    return this.clients.get(chooseEndpoint({ configured, simulated, scenario, credentials }), { scenario });
  }

  closeClients(): Promise<void> {
    return this.clients.close();
  }
}
