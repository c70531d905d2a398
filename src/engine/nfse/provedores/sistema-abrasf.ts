import { PERFIS_ABRASF } from '../abrasf/perfis-abrasf.js';
import { ownSystemFailureAdvice, type NfseSistema } from './nfse-sistema.js';

const NOME = 'o sistema ABRASF do município';

/** The ABRASF 2.04 cities of our profiles (src/engine/nfse/abrasf/perfis). */
export const SISTEMA_ABRASF: NfseSistema = {
  sistema: 'abrasf',
  nome: NOME,
  idPrefix: 'RPS',
  serves: (provedor) => PERFIS_ABRASF.has(provedor.ibge),
  // What a city asks beyond the national fields is checked per note (checkIssuance), from the city's profile.
  readinessItems: () => [],
  // The cities whose profile offers the query of received notes (ConsultarNfseServicoTomado).
  captura: {
    fonte: 'PREFEITURA_ABRASF',
    municipios: [...PERFIS_ABRASF.values()]
      .filter((p) => p.operacoes.includes('ConsultarNfseServicoTomado'))
      .map((p) => p.ibge),
  },
  failureAdvice: ownSystemFailureAdvice(NOME),
};
