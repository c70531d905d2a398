import { type AuthorityClient } from '../authority-client.js';
import { ClientPool } from '../client-pool.js';
import { chooseEndpoint, type Credentials, type SimulatorAddress } from '../endpoint.js';

export interface Abrasf1GatewayOptions {
  /** The service URL of each municipality (IBGE → URL) production notes go to; others go to the simulator. */
  urls: Readonly<Record<string, string>>;
  /** Production notes go to the production URL the provider table gives the municipality, where it gives one. */
  urlsDaTabela: boolean;
  /** The in-process ABRASF 1.00 simulator: every municipality's service under <url>/<IBGE>. */
  simulator: SimulatorAddress;
  timeoutMs?: number;
}

/**
 * Where the notes of an ABRASF 1.00 municipality go: its service when its URL is configured (mutual TLS with the
 * company's A1), the in-process simulator otherwise. A call with a simulated scenario always goes to the simulator.
 */
export class Abrasf1Gateway {
  private readonly clients: ClientPool;

  constructor(private readonly options: Abrasf1GatewayOptions) {
    this.clients = new ClientPool(options.timeoutMs ?? 30_000);
  }

  client(
    municipio: { ibge: string; urlDaTabela: string | null },
    scenario: string | null,
    credentials: Credentials,
  ): AuthorityClient {
    const configured = this.options.urls[municipio.ibge] ?? (this.options.urlsDaTabela ? municipio.urlDaTabela : null);
    const simulated = `${this.options.simulator.url}/${municipio.ibge}`;
    return this.clients.get(chooseEndpoint({ configured, simulated, scenario, credentials }), { scenario });
  }

  closeClients(): Promise<void> {
    return this.clients.close();
  }
}
