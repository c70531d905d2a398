import { ABRASF_1_ID_PREFIX } from '../abrasf/v1/abrasf-1-note.js';
import { perfilAbrasf1 } from '../abrasf/v1/perfis-abrasf-1.js';
import { ownSystemFailureAdvice, type NfseSistema } from './nfse-sistema.js';

const NOME = 'o sistema ABRASF 1.00 do município';

/** The municipalities the provider table places on an ABRASF 1.00 family we have a profile of (perfis-abrasf-1.ts). */
export const SISTEMA_ABRASF_1: NfseSistema = {
  sistema: 'abrasf_1',
  nome: NOME,
  idPrefix: ABRASF_1_ID_PREFIX,
  serves: (provedor) => perfilAbrasf1(provedor) !== null,
  // What a family asks beyond the national fields is checked per note (checkIssuance).
  readinessItems: () => [],
  // The 1.00 families offer no query of received notes here.
  captura: null,
  failureAdvice: ownSystemFailureAdvice(NOME),
};
