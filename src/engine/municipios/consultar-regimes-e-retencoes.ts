import type { Environment } from '../nucleo/environment.js';
import type { Credentials } from '../transmissao/national-gateway.js';
import { consultarRegimesEspeciais, consultarRetencoes, type RegimeEspecialNacional, type RetencoesNacionais } from '../transmissao/consultar-parametros-adn.js';
import type { RespostaParametro } from '../transmissao/parametros-cache.js';
import type { MunicipiosDeps } from './consultar-parametros.js';

/** A national answer as `/v1/municipios/{ibge}` shows it: the value, or why there is none, and where it came from. */
export interface ParametroExibido<T> {
  valor: T | null;
  /** api, cache, cache_expirado (stale answer: the API did not answer now), indisponivel. */
  origem: string;
  consultadoEm: string | null;
  mensagem: string | null;
}

function exibir<T>(r: RespostaParametro<T>): ParametroExibido<T> {
  if (r.kind === 'unknown') return { valor: null, origem: r.origem, consultadoEm: null, mensagem: `a API não respondeu (${r.cause})` };
  return { valor: r.kind === 'found' ? r.value : null, origem: r.origem, consultadoEm: r.consultadoEm.toISOString(), mensagem: r.mensagem };
}

/** Special regimes of a service and the withholdings of a competence, through the same cache as the rates. */
export async function consultarRegimesERetencoes(
  deps: MunicipiosDeps,
  options: { environment: Environment; ibge: string; codigoServico: string; competencia: string; credentials: Credentials | null },
): Promise<{ regimesEspeciais: ParametroExibido<RegimeEspecialNacional[]>; retencoes: ParametroExibido<RetencoesNacionais> } | null> {
  const { environment, ibge, codigoServico, competencia } = options;
  const client = deps.national.parametrosClient(environment, options.credentials);
  if (!client) return null;
  const now = () => deps.clock.now();
  const cache = deps.national.parametros;
  const [regimes, retencoes] = await Promise.all([
    cache.obter(`${environment}|regimes|${ibge}|${codigoServico}|${competencia}`, now, () => consultarRegimesEspeciais(client, ibge, codigoServico, competencia)),
    cache.obter(`${environment}|retencoes|${ibge}|${competencia}`, now, () => consultarRetencoes(client, ibge, competencia)),
  ]);
  return { regimesEspeciais: exibir(regimes), retencoes: exibir(retencoes) };
}
