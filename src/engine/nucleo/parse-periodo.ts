import { parameterError } from '../errors.js';
import { DAY } from './clock.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A creation period bound: an ISO 8601 date-time with offset, or a date alone, meaning that whole day in Brasília
 * time (`desde` from its first instant, `ate` through its last). Both bounds are inclusive.
 */
export function parsePeriodo(
  desde: string | null | undefined,
  ate: string | null | undefined,
): { gte?: Date; lt?: Date; lte?: Date } | null {
  const bound = (name: 'desde' | 'ate', value: string | null | undefined): Date | null => {
    if (value === undefined || value === null || value === '') return null;
    const at = DATE.test(value) ? new Date(`${value}T00:00:00-03:00`) : DATE_TIME.test(value) ? new Date(value) : null;
    if (!at || Number.isNaN(at.getTime())) {
      throw parameterError('parametro_invalido', { query: name }, `data inválida: ${value}.`, {
        correcao: 'Use AAAA-MM-DD ou data e hora ISO 8601 com fuso (2026-11-02T10:00:00-03:00).',
      });
    }
    return at;
  };
  const from = bound('desde', desde);
  const to = bound('ate', ate);
  if (from && to && from > to) {
    throw parameterError('parametro_invalido', { query: 'desde' }, `${desde} é posterior ao parâmetro ate (${ate}).`, {
      correcao: 'Informe desde anterior ou igual a ate.',
    });
  }
  if (!from && !to) return null;
  const dateOnlyAte = ate && DATE.test(ate);
  return {
    ...(from ? { gte: from } : {}),
    ...(to ? (dateOnlyAte ? { lt: new Date(to.getTime() + DAY) } : { lte: to }) : {}),
  };
}
