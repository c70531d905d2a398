import type { NfseSistema } from './nfse-sistema.js';

/** The national system (Sefin Nacional / ADN): every municipality without an own system of its own provider. */
export const SISTEMA_NACIONAL: NfseSistema = {
  sistema: 'nacional',
  nome: 'o sistema nacional',
  idPrefix: 'DPS',
  serves: () => true,
  readinessItems: () => [],
  // Its received notes come from the ADN distribution, which every company gets (scheduleCaptures).
  captura: null,
  failureAdvice: (notReceived) =>
    notReceived
      ? 'A DPS não chegou ao sistema nacional: é seguro emitir de novo.'
      : 'Confira no emissor nacional se a nota existe antes de emitir de novo.',
};
