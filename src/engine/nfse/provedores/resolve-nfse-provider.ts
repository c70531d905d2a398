import { municipioSemProvedor, provedorMunicipio } from '../../tabelas/provedor-municipio.js';
import type { Environment } from '../../nucleo/environment.js';
import type { ParametrosMunicipio } from '../../tabelas/parametros-municipio.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import { abrasfProvider } from './abrasf-provider.js';
import { abrasf1Provider } from './abrasf-1-provider.js';
import { nationalProvider } from './national-provider.js';
import type { NfseProvider } from './nfse-provider.js';
import { saoPauloProvider } from './sao-paulo-provider.js';

interface Providers {
  national: NfseProvider;
  /** The own systems this process can reach, in the order they are asked whether they serve a municipality. */
  own: NfseProvider[];
}

const built = new WeakMap<object, Providers>();

/** Every own-system provider whose gateway the process injected (TransmissionDeps). */
function ownProviders(deps: TransmissionDeps): NfseProvider[] {
  const { abrasf } = deps;
  return [
    ...(deps.saoPaulo ? [saoPauloProvider(deps, deps.saoPaulo)] : []),
    ...(abrasf ? [abrasfProvider({ ...deps, abrasf })] : []),
    ...(deps.abrasf1 ? [abrasf1Provider({ ...deps, abrasf1: deps.abrasf1 })] : []),
  ];
}

function providers(deps: TransmissionDeps): Providers {
  let p = built.get(deps);
  if (!p) {
    p = { national: nationalProvider(deps), own: ownProviders(deps) };
    built.set(deps, p);
  }
  return p;
}

/**
 * Where a company's notes go, from its municipality's parameters: a municipality on its own system (`convenio`
 * `proprio`) that one of the own-system providers serves goes to it; every other one to the national system.
 * Only production keys reach an own system: none has a test environment, so a test key of such a company is
 * refused by readiness (`sandbox_municipio_proprio`) or, where the own system is only our survey, tested against
 * the national simulator as before.
 */
export function resolveNfseProvider(
  deps: TransmissionDeps,
  environment: Environment,
  municipal: Pick<ParametrosMunicipio, 'ibge' | 'convenio'> | null,
): NfseProvider {
  const p = providers(deps);
  if (environment !== 'live' || municipal?.convenio !== 'proprio') return p.national;
  const provedor = provedorMunicipio(municipal.ibge) ?? municipioSemProvedor(municipal.ibge);
  return p.own.find((own) => own.serves(provedor)) ?? p.national;
}

/** The provider a stored note was issued through: its document id starts with that provider's prefix. */
export function providerOfNote(deps: TransmissionDeps, note: { dpsId: string }): NfseProvider {
  const p = providers(deps);
  return p.own.find((provider) => note.dpsId.startsWith(provider.idPrefix)) ?? p.national;
}
