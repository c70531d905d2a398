import type { Environment } from '../../nucleo/environment.js';
import { EngineError } from '../../errors.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import { abrasfProvider } from './abrasf-provider.js';
import { layoutNacionalProvider } from './layout-nacional-provider.js';
import { abrasf1Provider } from './abrasf-1-provider.js';
import { nationalProvider } from './national-provider.js';
import type { NfseProvider } from './nfse-provider.js';
import type { DecisaoRota } from './decide-rota-nfse.js';
import { nomeMunicipio, provedorMunicipioItem } from './provedor-municipio-item.js';
import { saoPauloProvider } from './sao-paulo-provider.js';

interface Providers {
  national: NfseProvider;
  /** The own systems this process can reach, in the order they are asked whether they serve a municipality. */
  own: NfseProvider[];
}

const built = new WeakMap<object, Providers>();

/** Every own-system provider whose gateway the process injected (TransmissionDeps). */
function ownProviders(deps: TransmissionDeps): NfseProvider[] {
  const { abrasf, layoutNacional } = deps;
  return [
    ...(deps.saoPaulo ? [saoPauloProvider(deps, deps.saoPaulo)] : []),
    ...(abrasf ? [abrasfProvider({ ...deps, abrasf })] : []),
    ...(layoutNacional ? [layoutNacionalProvider({ ...deps, layoutNacional })] : []),
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
 * Where a company's notes go, from its decided route (rotaNfseDaEmpresa): the national system for `nacional`;
 * elsewhere the own-system provider that serves the route's row, and only for production keys (no own system has
 * a test environment: readiness refuses such a company's test key, `sandbox_municipio_proprio`). A route no
 * reachable provider serves is refused (412 `empresa_nao_pronta`, the readiness item `provedor_municipio`), never
 * sent to the national system.
 */
export function resolveNfseProvider(
  deps: TransmissionDeps,
  environment: Environment,
  decisao: DecisaoRota,
): NfseProvider {
  const p = providers(deps);
  if (decisao.rota === 'nacional') return p.national;
  const own = environment === 'live' ? p.own.find((o) => o.serves(decisao.provedor)) : undefined;
  if (own) return own;
  const item =
    environment === 'live'
      ? provedorMunicipioItem(decisao, null)
      : {
          item: 'sandbox_municipio_proprio',
          situacao: 'bloqueio' as const,
          mensagem: `${nomeMunicipio(decisao.ibge)} não emite pelo sistema nacional, e o sistema do município não tem ambiente de teste.`,
          correcao: 'Teste a integração com uma empresa de município do sistema nacional, ou emita em produção.',
        };
  throw new EngineError('empresa_nao_pronta', 'A empresa não está pronta para emitir.', {
    correcao: item.correcao,
    extra: { itens: [{ ...item, fonte: decisao.fonte, versao: null }] },
  });
}

/** The provider a stored note was issued through: its document id starts with that provider's prefix. */
export function providerOfNote(deps: TransmissionDeps, note: { dpsId: string }): NfseProvider {
  const p = providers(deps);
  return p.own.find((provider) => note.dpsId.startsWith(provider.idPrefix)) ?? p.national;
}
