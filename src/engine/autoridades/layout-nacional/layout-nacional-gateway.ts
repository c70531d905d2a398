import { type AuthorityClient } from '../authority-client.js';
import { ClientPool } from '../client-pool.js';
import { chooseEndpoint, type Credentials, type SimulatorAddress } from '../endpoint.js';

export interface LayoutNacionalGatewayOptions {
  /** LAYOUT_NACIONAL_URLS_LIVE: a municipality's service URL (IBGE → URL) production notes go to. */
  urls: Readonly<Record<string, string>>;
  /** LAYOUT_NACIONAL_URLS_LIVE=tabela: the production URL of the provider table's row, where it has one. */
  urlsDaTabela: boolean;
  /** The in-process simulator of the providers' services: each municipality's service under <url>/<IBGE>. */
  simulator: SimulatorAddress;
  timeoutMs?: number;
}

/**
 * Where the notes of a municipality whose provider takes the national DPS go: the provider's service when its URL
 * is configured (mutual TLS with the company's A1), the in-process simulator otherwise. A call with a simulated
 * scenario always goes to the simulator.
 */
export class LayoutNacionalGateway {
  private readonly clients: ClientPool;

  constructor(private readonly options: LayoutNacionalGatewayOptions) {
    this.clients = new ClientPool(options.timeoutMs ?? 30_000);
  }

  /** The URL a municipality's notes go to (null: the simulator), given the production URL of its table row. */
  remoteUrl(ibge: string, urlDaTabela: string | null): string | null {
    return this.options.urls[ibge] ?? (this.options.urlsDaTabela ? urlDaTabela : null);
  }

  client(
    service: { ibge: string; urlDaTabela: string | null },
    scenario: string | null,
    credentials: Credentials,
  ): AuthorityClient {
    const configured = this.remoteUrl(service.ibge, service.urlDaTabela);
    const simulated = `${this.options.simulator.url}/${service.ibge}`;
    return this.clients.get(chooseEndpoint({ configured, simulated, scenario, credentials }), { scenario });
  }

  closeClients(): Promise<void> {
    return this.clients.close();
  }
}
