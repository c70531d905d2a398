import type { RegraTributaria } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { isUniqueViolation } from '../nucleo/is-unique-violation.js';
import type { Criterios } from './criterios-fields.js';

type Tx = Parameters<Parameters<EngineDeps['db']['$transaction']>[0]>[0];

/**
 * Runs a rule's write in one transaction; a criteria set another rule of the company already has is 409
 * regra_tributaria_duplicada: the two would tie on every item they match, and neither could win.
 */
export async function writeRegraTributaria(
  deps: Pick<EngineDeps, 'db'>,
  criterios: Criterios,
  write: (tx: Tx) => Promise<RegraTributaria>,
): Promise<RegraTributaria> {
  try {
    return await deps.db.$transaction(write);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const lista = Object.keys(criterios).length ? 'com os mesmos critérios' : 'sem critérios';
    throw new EngineError('regra_tributaria_duplicada', `A empresa já tem uma regra tributária ${lista}.`, {
      campo: '/criterios',
      correcao: 'Altere a regra existente (PATCH) ou mude os critérios desta.',
    });
  }
}
