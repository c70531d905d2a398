import { type Credentials } from '../autoridades/endpoint.js';
import type { Environment } from '../nucleo/environment.js';
import { queryBeneficio, type BeneficioNacional } from '../autoridades/adn/query-parametros-adn.js';
import type { MunicipiosDeps } from './query-parametros.js';
import { showParametro, type ParametroExibido } from './show-parametro.js';

/**
 * A municipal tax benefit (nBM, the 14 digits a DPS carries in `BM`) as the national parameters API states it for a
 * competence, through the same cache as the rates: what it reduces, for which services, from when. Null where no
 * client can ask (a real ADN without a certificate).
 */
export async function queryBeneficioMunicipal(
  deps: MunicipiosDeps,
  options: {
    environment: Environment;
    ibge: string;
    numero: string;
    competencia: string;
    credentials: Credentials | null;
  },
): Promise<ParametroExibido<BeneficioNacional> | null> {
  const { environment, ibge, numero, competencia } = options;
  const client = deps.national.parametrosClient(environment, options.credentials);
  if (!client) return null;
  const resposta = await deps.national.parametros.obter(
    `${environment}|beneficio|${ibge}|${numero}|${competencia}`,
    () => deps.clock.now(),
    () => queryBeneficio(client, ibge, numero, competencia),
  );
  return showParametro(resposta);
}
