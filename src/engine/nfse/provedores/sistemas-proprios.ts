import { municipioSemProvedor, provedorMunicipio } from '../../tabelas/provedor-municipio.js';
import type { ParametrosMunicipio } from '../../tabelas/parametros-municipio.js';
import type { NfseSistema } from './nfse-sistema.js';
import { SISTEMA_ABRASF } from './sistema-abrasf.js';
import { SISTEMA_ABRASF_1 } from './sistema-abrasf-1.js';
import { SISTEMA_NACIONAL } from './sistema-nacional.js';
import { SISTEMA_SAO_PAULO } from './sistema-sao-paulo.js';

/** The cities' own systems, in the order they are asked whether they serve a municipality. */
export const SISTEMAS_PROPRIOS: readonly NfseSistema[] = [SISTEMA_SAO_PAULO, SISTEMA_ABRASF, SISTEMA_ABRASF_1];

/**
 * The system a municipality issues through: an own system that serves it where its parameters say it issues on its
 * own (`convenio` `proprio`), the national one everywhere else. Whatever the key's environment: this is where the
 * company's production notes go.
 */
export function sistemaOf(municipal: Pick<ParametrosMunicipio, 'ibge' | 'convenio'>): NfseSistema {
  if (municipal.convenio !== 'proprio') return SISTEMA_NACIONAL;
  const provedor = provedorMunicipio(municipal.ibge) ?? municipioSemProvedor(municipal.ibge);
  return SISTEMAS_PROPRIOS.find((s) => s.serves(provedor)) ?? SISTEMA_NACIONAL;
}
