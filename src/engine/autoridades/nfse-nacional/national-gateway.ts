import { type AuthorityClient } from '../authority-client.js';
import type { Environment } from '../../nucleo/environment.js';
import { ClientPool } from '../client-pool.js';
import { chooseEndpoint, type Credentials, type SimulatorAddress } from '../endpoint.js';
import { ParametrosCache } from '../adn/parametros-cache.js';

export interface NationalGatewayOptions {
  /** NATIONAL_API_URL_LIVE / _TEST; null → the built-in simulator (embedded default). */
  urls: { live: string | null; test: string | null };
  /** Always running in-process: simulated scenarios (X-Service-Simular) are played here, never remotely. */
  simulator: SimulatorAddress;
  timeoutMs?: number;
  /** NATIONAL_ADN_URL_LIVE (ADN Contribuinte base, …/contribuintes); null → the simulator's ADN. */
  adnUrl?: string | null;
  /** NFE_DIST_URL_LIVE (SEFAZ national NFeDistribuicaoDFe .asmx); null → the simulator's. */
  nfeDistUrl?: string | null;
  /** CTE_DIST_URL_LIVE (national CTeDistribuicaoDFe .asmx); null → the simulator's. */
  cteDistUrl?: string | null;
  /** NFE_EVENTO_URL_LIVE (national NFeRecepcaoEvento4 .asmx, manifestação do destinatário); null → the simulator's. */
  nfeEventUrl?: string | null;
  /** NATIONAL_PARAMETROS_URL_LIVE / _TEST (ADN Parâmetros Municipais, …/parametrizacao); null → the simulator's. */
  parametrosUrls?: { live: string | null; test: string | null };
}

/** Where the simulator serves the ADN parameters API (the same paths under this base, after /producao or /producaorestrita). */
export const SIMULATED_PARAMETROS_PATH = '/parametrizacao';
const SIMULATED_ENVIRONMENT: Record<Environment, string> = { live: '/producao', test: '/producaorestrita' };

/**
 * Chooses where a note is transmitted. A note with a simulation scenario always goes to the in-process
 * simulator, so `X-Service-Simular` never reaches a real national environment.
 */
export class NationalGateway {
  private readonly clients: ClientPool;
  /** Answers of the parameters API, shared by every company of this process. */
  readonly parametros = new ParametrosCache();

  constructor(private readonly options: NationalGatewayOptions) {
    this.clients = new ClientPool(options.timeoutMs ?? 30_000);
  }

  get simulator(): SimulatorAddress {
    return this.options.simulator;
  }

  client(environment: Environment, scenario: string | null, credentials: Credentials): AuthorityClient {
    const configured = this.options.urls[environment];
    return this.clients.get(
      chooseEndpoint({ configured, simulated: this.options.simulator.url, scenario, credentials }),
      { scenario },
    );
  }

  /**
   * Client of the ADN Contribuinte distribution (production only: received documents are live data). Mutual
   * TLS with the company's A1 against the real ADN, as for Sefin; plain http to the simulator.
   */
  adnClient(credentials: Credentials): AuthorityClient {
    return this.distributionClient(
      this.options.adnUrl ?? null,
      `${this.options.simulator.url}/producao/contribuintes`,
      credentials,
    );
  }

  /** Client of the SEFAZ national NFeDistribuicaoDFe (NF-e capture), same TLS rule as the ADN. */
  nfeDistClient(credentials: Credentials): AuthorityClient {
    return this.distributionClient(
      this.options.nfeDistUrl ?? null,
      `${this.options.simulator.url}/sefaz/NFeDistribuicaoDFe`,
      credentials,
    );
  }

  /** Client of the SEFAZ national CTeDistribuicaoDFe (CT-e capture), same TLS rule. */
  cteDistClient(credentials: Credentials): AuthorityClient {
    return this.distributionClient(
      this.options.cteDistUrl ?? null,
      `${this.options.simulator.url}/sefaz/CTeDistribuicaoDFe`,
      credentials,
    );
  }

  /** Client of the national NF-e RecepcaoEvento (AN), for the recipient's manifestation; same TLS rule. */
  nfeEventClient(credentials: Credentials): AuthorityClient {
    return this.distributionClient(
      this.options.nfeEventUrl ?? null,
      `${this.options.simulator.url}/sefaz/NFeRecepcaoEvento4`,
      credentials,
    );
  }

  /**
   * Client of the ADN parameters API for an environment, or null when a real URL is configured and no A1 is at
   * hand: the real ADN refuses a call without a client certificate (495), so none is attempted.
   */
  parametrosClient(environment: Environment, credentials: Credentials | null): AuthorityClient | null {
    const remote = this.options.parametrosUrls?.[environment] ?? null;
    if (remote && !credentials) return null;
    const simulated = `${this.options.simulator.url}${SIMULATED_ENVIRONMENT[environment]}${SIMULATED_PARAMETROS_PATH}`;
    return this.distributionClient(remote, simulated, credentials);
  }

  /** Whether the parameters of an environment come from a real ADN (then calls need the company's A1). */
  parametrosRemotos(environment: Environment): boolean {
    return Boolean(this.options.parametrosUrls?.[environment]);
  }

  private distributionClient(
    configured: string | null,
    simulated: string,
    credentials: Credentials | null,
  ): AuthorityClient {
    return this.clients.get(chooseEndpoint({ configured, simulated, credentials }), { kind: 'dist' });
  }

  closeClients(): Promise<void> {
    return this.clients.close();
  }
}
