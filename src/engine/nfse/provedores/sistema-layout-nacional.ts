import { LAYOUT_NACIONAL_ID_PREFIX } from '../layout-nacional/layout-nacional-note.js';
import { servicoLayoutNacional } from '../layout-nacional/servico-layout-nacional.js';
import { ownSystemFailureAdvice, type NfseSistema } from './nfse-sistema.js';

const NOME = 'o serviço do provedor do município';

/**
 * The municipalities whose provider takes the national DPS on its own web service (route
 * `provedor_layout_nacional`), whose provider has a profile (src/engine/nfse/layout-nacional) and whose table row
 * gives that service's URL.
 */
export const SISTEMA_LAYOUT_NACIONAL: NfseSistema = {
  sistema: 'provedor_layout_nacional',
  nome: NOME,
  idPrefix: LAYOUT_NACIONAL_ID_PREFIX,
  serves: (provedor) => provedor.rota === 'provedor_layout_nacional' && !!servicoLayoutNacional(provedor)?.url,
  // None of the profiles asks for credentials beyond the A1 (perfis-layout-nacional.ts).
  readinessItems: () => [],
  // No provider's query of received notes is known: they come from the ADN distribution, as for every company.
  captura: null,
  failureAdvice: ownSystemFailureAdvice(NOME),
};
