import type { Environment } from '../nucleo/environment.js';
import type { Credentials } from '../transmissao/national-gateway.js';
import {
  consultarRegimesEspeciais,
  consultarRetencoes,
  type RegimeEspecialNacional,
  type RetencoesNacionais,
} from '../transmissao/consultar-parametros-adn.js';
import type { MunicipiosDeps } from './consultar-parametros.js';
import { exibirParametro, type ParametroExibido } from './exibir-parametro.js';

/** Special regimes of a service and the withholdings of a competence, through the same cache as the rates. */
export async function consultarRegimesERetencoes(
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
      consultarRegimesEspeciais(client, ibge, codigoServico, competencia),
    ),
    cache.obter(`${environment}|retencoes|${ibge}|${competencia}`, now, () =>
      consultarRetencoes(client, ibge, competencia),
    ),
  ]);
  return { regimesEspeciais: exibirParametro(regimes), retencoes: exibirParametro(retencoes) };
}
