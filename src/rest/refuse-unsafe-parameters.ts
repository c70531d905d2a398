import type { Context } from 'openapi-backend';
import { parameterError } from '../engine/errors.js';
import { unsafeText } from '../engine/nucleo/unsafe-text.js';

/**
 * A path segment or query value that PostgreSQL could not compare or keep (NUL, a lone surrogate, as `%00` or
 * `%ED%A0%80` decode) is the caller's error, 400 `parametro_invalido` naming the parameter, before any query runs.
 */
export function refuseUnsafeParameters(c: Context): void {
  const named = [
    ...Object.entries((c.request.params ?? {}) as Record<string, unknown>),
    ...Object.entries((c.request.query ?? {}) as Record<string, unknown>),
  ];
  for (const [name, value] of named) {
    for (const text of Array.isArray(value) ? value : [value]) {
      const why = typeof text === 'string' ? unsafeText(text) : null;
      if (why) {
        throw parameterError('parametro_invalido', { query: name }, `o valor ${why}`, {
          correcao: 'Remova o caractere do parâmetro.',
        });
      }
    }
  }
}
