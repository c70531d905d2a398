import { parameterError } from '../errors.js';
import { isUuid } from './new-id.js';

export function parseEmpresaId(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!isUuid(value))
    throw parameterError('parametro_invalido', { query: 'empresa_id' }, `não é um id de empresa: ${value}.`, {
      correcao: 'Use o id retornado por GET /v1/companies.',
    });
  return value;
}
