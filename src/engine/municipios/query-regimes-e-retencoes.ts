import { type Credentials } from '../autoridades/endpoint.js';
import type { Environment } from '../nucleo/environment.js';
import {
  queryRegimesEspeciais,
  queryRetencoes,
  type RegimeEspecialNacional,
  type RetencoesNacionais,
} from '../autoridades/adn/query-parametros-adn.js';
import type { MunicipiosDeps } from './query-parametros.js';
import { showParametro, type ParametroExibido } from './show-parametro.js';

/** Special regimes of a service and the withholdings of a competence, through the same cache as the rates. */
export async function queryRegimesERetencoes(
  deps: MunicipiosDeps,
  options: {
    environment: Environment;
    ibge: string;
    codigoServico: string;
    competencia: string;
    credentials: Credentials | null;
  },
): Promise<{
  regimesEspeciais: ParametroExibido<RegimeEspecialNacional[]>;
  retencoes: ParametroExibido<RetencoesNacionais>;
} | null> {
  const { environment, ibge, codigoServico, competencia } = options;
  const client = deps.national.parametrosClient(environment, options.credentials);
  if (!client) return null;
  const now = () => deps.clock.now();
  const cache = deps.national.parametros;
  const [regimes, retencoes] = await Promise.all([
    cache.obter(`${environment}|regimes|${ibge}|${codigoServico}|${competencia}`, now, () =>
      queryRegimesEspeciais(client, ibge, codigoServico, competencia),
    ),
    cache.obter(`${environment}|retencoes|${ibge}|${competencia}`, now, () =>
      queryRetencoes(client, ibge, competencia),
    ),
  ]);
  return { regimesEspeciais: showParametro(regimes), retencoes: showParametro(retencoes) };
}
