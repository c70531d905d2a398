import type { Environment } from '../nucleo/environment.js';
import { RATE_LIMIT_PER_MINUTE } from '../nucleo/rate-limiter.js';

const MB = 1024 * 1024;

/** The limits in force for a key of this environment, as `GET /v1/account` shows them. */
export function accountLimits(environment: Environment) {
  return {
    requisicoesPorMinuto: RATE_LIMIT_PER_MINUTE,
    itensPorLote: environment === 'live' ? 5000 : 100,
    corpoMaximoBytes: 2 * MB,
    loteJsonMaximoBytes: 30 * MB,
    lotePlanilhaMaximoBytes: 20 * MB,
    referenciaMaximoCaracteres: 60,
    retencaoEventosDias: 90,
    idempotenciaExclusivaHoras: 24,
  };
}
