import { join } from 'node:path';
import type { Config } from '../config.js';
import type { AppOptions } from '../create-app.js';
import { AbrasfGateway } from '../engine/autoridades/abrasf/abrasf-gateway.js';
import { LayoutNacionalGateway } from '../engine/autoridades/layout-nacional/layout-nacional-gateway.js';
import { Abrasf1Gateway } from '../engine/autoridades/abrasf-1/abrasf-1-gateway.js';
import { brasilApiCnpj } from '../engine/autoridades/cadastros/brasil-api-cnpj.js';
import type { CadastroGateways } from '../engine/autoridades/cadastros/cadastro-gateways.js';
import { cadastrosComCache } from '../engine/autoridades/cadastros/cadastros-com-cache.js';
import { viaCep } from '../engine/autoridades/cadastros/via-cep.js';
import { NationalGateway } from '../engine/autoridades/nfse-nacional/national-gateway.js';
import { SaoPauloGateway } from '../engine/autoridades/sao-paulo/sao-paulo-gateway.js';
import { sefazConsultaContribuinte } from '../engine/autoridades/sefaz/sefaz-consulta-contribuinte.js';
import { httpSefazGateway, type SefazGateway } from '../engine/autoridades/sefaz/sefaz-gateway.js';
import type { Clock } from '../engine/nucleo/clock.js';
import { loadLibxml2 } from '../engine/xml/libxml2.js';
import { createAbrasfSimulator, type AbrasfSimulator } from '../simulator/abrasf/create-abrasf-simulator.js';
import {
  createLayoutNacionalSimulator,
  type LayoutNacionalSimulator,
} from '../simulator/layout-nacional/create-layout-nacional-simulator.js';
import { createAbrasf1Simulator, type Abrasf1Simulator } from '../simulator/abrasf/v1/create-abrasf-1-simulator.js';
import { BRASILAPI_PATH, VIACEP_PATH } from '../simulator/cadastros/consultas-publicas-simuladas.js';
import { createSimulator, SEFAZ_NFE_PATH, type Simulator } from '../simulator/nacional/create-simulator.js';
import { createSaoPauloSimulator, type SaoPauloSimulator } from '../simulator/sao-paulo/create-sao-paulo-simulator.js';

/** A registry lookup holds up an NF-e request: it gets a few seconds, then the caller is told to retry or send the fields. */
const REGISTRY_TIMEOUT_MS = 5_000;

export interface Authorities {
  simulator: Simulator;
  abrasfSimulator: AbrasfSimulator;
  abrasf1Simulator: Abrasf1Simulator;
  saoPauloSimulator: SaoPauloSimulator;
  layoutNacionalSimulator: LayoutNacionalSimulator;
  national: NationalGateway;
  abrasf: AbrasfGateway;
  abrasf1: Abrasf1Gateway;
  saoPaulo: SaoPauloGateway;
  layoutNacional: LayoutNacionalGateway;
  sefaz: SefazGateway;
  cadastros: CadastroGateways;
  /** São Paulo's simulator and client, then the national and ABRASF simulators, then their clients. */
  closeSimulators(): Promise<void>;
  /** The SEFAZ clients: after the simulators, which drop the answers they hold, so it waits only for calls in flight. */
  closeSefaz(): Promise<void>;
}

export type AuthoritiesOptions = Pick<
  AppOptions,
  'pgliteDir' | 'simulatorDelays' | 'simulatorSigner' | 'nationalTimeoutMs'
>;

/**
 * The authorities' simulators, listening in this process, and the gateways to the authorities, each pointed at its
 * configured URL or at its simulator. The simulators always run: they are the embedded default's authorities and
 * they play the X-Service-Simular scenarios even when real URLs are configured. Their notes live in DATA_DIR (with
 * PostgreSQL too), so a restart — or another process on the same DATA_DIR — finds the DPS already sent. Tests
 * (pgliteDir given) keep them in memory.
 */
export async function startAuthorities(
  config: Config,
  clock: Clock,
  options: AuthoritiesOptions,
): Promise<Authorities> {
  const simulated = {
    clock: () => clock.now(),
    stateDir: options.pgliteDir ? undefined : join(config.dataDir, 'simulador'),
  };
  const simulator = createSimulator({ ...simulated, delays: options.simulatorDelays, signer: options.simulatorSigner });
  await simulator.listen(0, '127.0.0.1');
  // Where the simulator is an environment's national system its first note should not wait for libxml2 to
  // load; a service with both national URLs configured loads it on first need (libxml2.ts).
  if (!config.nationalApiUrl.live || !config.nationalApiUrl.test) await loadLibxml2();
  const national = new NationalGateway({
    urls: config.nationalApiUrl,
    adnUrl: config.nationalAdnUrlLive,
    nfeDistUrl: config.nfeDistUrlLive,
    cteDistUrl: config.cteDistUrlLive,
    nfeEventUrl: config.nfeEventUrlLive,
    parametrosUrls: config.nationalParametrosUrl,
    simulator,
    timeoutMs: options.nationalTimeoutMs,
  });
  const own = await startProviderSystems(config, options, simulated);
  const { abrasfSimulator, abrasf, layoutNacionalSimulator, layoutNacional, abrasf1Simulator, abrasf1 } = own;
  const { saoPauloSimulator, saoPaulo } = own;
  const { sefaz, cadastros } = connectNfeAuthorities(config, clock, {
    simulator,
    timeoutMs: options.nationalTimeoutMs,
  });
  return {
    simulator,
    abrasfSimulator,
    abrasf1Simulator,
    saoPauloSimulator,
    layoutNacionalSimulator,
    national,
    abrasf,
    abrasf1,
    saoPaulo,
    layoutNacional,
    sefaz,
    cadastros,
    closeSimulators: async () => {
      await saoPauloSimulator.close();
      await saoPaulo.close();
      // The simulators first: they drop the answers they hold back (timeout, processamento_lento), so closing the
      // clients does not wait for them (up to 15 s per pending call).
      await Promise.all([
        simulator.close(),
        abrasfSimulator.close(),
        abrasf1Simulator.close(),
        layoutNacionalSimulator.close(),
      ]);
      await Promise.all([
        national.closeClients(),
        abrasf.closeClients(),
        abrasf1.closeClients(),
        layoutNacional.closeClients(),
      ]);
    },
    closeSefaz: () => sefaz.close(),
  };
}

/**
 * The own systems of municipalities outside the national one (São Paulo, the ABRASF 2.0x and 1.00 families, the
 * providers that take the national DPS), each simulated beside the national system and reached through its
 * gateway.
 */
async function startProviderSystems(
  config: Config,
  options: AuthoritiesOptions,
  simulated: { clock: () => Date; stateDir: string | undefined },
) {
  // The ABRASF cities' services, simulated beside the national one: production notes of an ABRASF city go to it
  // unless ABRASF_URLS_LIVE names the city's real service.
  const abrasfSimulator = createAbrasfSimulator({ ...simulated, signer: options.simulatorSigner });
  await abrasfSimulator.listen(0, '127.0.0.1');
  const abrasf = new AbrasfGateway({
    urls: config.abrasfUrlsLive.urls,
    urlsDosPerfis: config.abrasfUrlsLive.perfis,
    simulator: abrasfSimulator,
    timeoutMs: options.nationalTimeoutMs,
  });
  // The services of the providers that take the national DPS, simulated per transport shape: production notes of
  // such a municipality go to it unless LAYOUT_NACIONAL_URLS_LIVE names the provider's real service.
  const layoutNacionalSimulator = createLayoutNacionalSimulator({ ...simulated, signer: options.simulatorSigner });
  await layoutNacionalSimulator.listen(0, '127.0.0.1');
  const layoutNacional = new LayoutNacionalGateway({
    urls: config.layoutNacionalUrlsLive.urls,
    urlsDaTabela: config.layoutNacionalUrlsLive.tabela,
    simulator: layoutNacionalSimulator,
    timeoutMs: options.nationalTimeoutMs,
  });
  // The ABRASF 1.00 families' services (Ginfes v3 and its derivatives): the same ABRASF_URLS_LIVE names a
  // municipality's real service, `perfis` sends to the production URL the provider table gives it.
  const abrasf1Simulator = createAbrasf1Simulator({ ...simulated, signer: options.simulatorSigner });
  await abrasf1Simulator.listen(0, '127.0.0.1');
  const abrasf1 = new Abrasf1Gateway({
    urls: config.abrasfUrlsLive.urls,
    urlsDaTabela: config.abrasfUrlsLive.perfis,
    simulator: abrasf1Simulator,
    timeoutMs: options.nationalTimeoutMs,
  });
  // São Paulo's own system: its simulator answers production keys while SAO_PAULO_NFSE_URL is not configured.
  const saoPauloSimulator = createSaoPauloSimulator(simulated);
  await saoPauloSimulator.listen(0, '127.0.0.1');
  const saoPaulo = new SaoPauloGateway({
    url: config.saoPaulo.url,
    soapVersion: config.saoPaulo.soapVersion,
    settings: config.saoPaulo.settings,
    simulator: saoPauloSimulator,
    timeoutMs: options.nationalTimeoutMs,
  });
  return {
    abrasfSimulator,
    abrasf,
    layoutNacionalSimulator,
    layoutNacional,
    abrasf1Simulator,
    abrasf1,
    saoPauloSimulator,
    saoPaulo,
  };
}

/**
 * NF-e authorities over SOAP 1.2 — the simulator too, so tests run the production client's code path — and the
 * registries that fill in NF-e recipients: the configured providers, else the simulator's, cached in memory.
 */
function connectNfeAuthorities(
  config: Config,
  clock: Clock,
  { simulator, timeoutMs }: { simulator: Simulator; timeoutMs: number | undefined },
) {
  const sefaz = httpSefazGateway({
    urls: config.sefazUrl,
    simulatorUrl: () => `${simulator.url}${SEFAZ_NFE_PATH}`,
    timeoutMs: timeoutMs ?? 30_000,
    ca: config.sefazCa ?? undefined,
  });
  const cadastros = cadastrosComCache(
    {
      cnpj: brasilApiCnpj({
        baseUrl: config.cnpjApiUrl ?? `${simulator.url}${BRASILAPI_PATH}`,
        timeoutMs: REGISTRY_TIMEOUT_MS,
      }),
      cep: viaCep({ baseUrl: config.cepApiUrl ?? `${simulator.url}${VIACEP_PATH}`, timeoutMs: REGISTRY_TIMEOUT_MS }),
      contribuinte: sefazConsultaContribuinte(sefaz),
    },
    { clock },
  );
  return { sefaz, cadastros };
}
