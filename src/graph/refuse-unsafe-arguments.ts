import { defaultFieldResolver, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { EngineError, parameterError } from '../engine/errors.js';
import { boundedIssues } from '../engine/nucleo/bounded-issues.js';
import { limitIssues } from '../engine/nucleo/limit-issues.js';
import { unsafeText } from '../engine/nucleo/unsafe-text.js';
import { snakeName } from '../engine/nucleo/validation-issues-of.js';

const isPlain = (v: object) =>
  Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null;

/**
 * Refuses arguments PostgreSQL could not keep or that pass the body limits, before the field runs: a text
 * argument (an id, a filter) with NUL or a lone surrogate is `parametro_invalido` naming it; an input object (a
 * body) past `BODY_LIMITS` is `validacao` with each problem at its pointer inside it, as the body readers answer.
 */
function assertSafeArguments(args: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(args)) {
    const texts = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
    for (const text of texts) {
      const why = typeof text === 'string' ? unsafeText(text) : null;
      if (why) throw parameterError('parametro_invalido', { query: snakeName(name) }, `o texto ${why}`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !isPlain(value)) continue;
    const erros = limitIssues(value, snakeName);
    if (erros.length) {
      throw new EngineError('validacao', 'A requisição tem campos inválidos.', {
        correcao: 'Corrija cada item de erros e envie de novo.',
        extra: { erros: boundedIssues(erros) },
      });
    }
  }
}

/** The schema with every field that takes arguments checking them first (see assertSafeArguments). */
export function refuseUnsafeArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.args.length === 0) continue;
      const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args: Record<string, unknown>, ctx, info) => {
        assertSafeArguments(args);
        return resolve(source, args, ctx, info);
      };
      const subscribe = field.subscribe;
      if (subscribe) {
        field.subscribe = (source, args: Record<string, unknown>, ctx, info) => {
          assertSafeArguments(args);
          return subscribe(source, args, ctx, info);
        };
      }
    }
  }
  return schema;
}
