import { createComplexityRule } from '@pothos/plugin-complexity';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Bounds of one GraphQL document. Cost is the complexity plugin's: 1 per field, sub-selections
 * multiplied by the page size a list asks for (10 for lists without one). A full page of 100 notes with their
 * company, timeline and adjustments costs about 10 000; nesting pages inside pages goes far past the limit.
 */
export const QUERY_LIMITS = { depth: 10, complexity: 25_000, breadth: 400 } as const;

const MESSAGES = {
  depth: (v: number) => `A consulta tem profundidade ${v}; o máximo é ${QUERY_LIMITS.depth}.`,
  complexity: (v: number) => `A consulta tem custo ${v}; o máximo é ${QUERY_LIMITS.complexity}.`,
  breadth: (v: number) => `A consulta seleciona ${v} campos; o máximo é ${QUERY_LIMITS.breadth}.`,
};

/**
 * A validation rule, so an abusive document is refused before anything executes, with a Portuguese message
 * and `extensions.code` = `consulta_excede_limites`. Runs for HTTP and websockets alike (both validate
 * through Yoga's envelop); the REST facade's own documents are prepared once at start and not re-validated.
 */
export function useQueryLimits(): Plugin {
  return {
    onValidate({ addValidationRule, context }) {
      const params = (
        context as { params?: { variables?: Record<string, unknown> | null; operationName?: string | null } }
      ).params;
      addValidationRule(
        createComplexityRule({
          context,
          variableValues: params?.variables ?? {},
          operationName: params?.operationName ?? undefined,
          validate: (result, report) => {
            for (const kind of ['depth', 'complexity', 'breadth'] as const) {
              if (result[kind] <= QUERY_LIMITS[kind]) continue;
              report(
                new GraphQLError(MESSAGES[kind](result[kind]), {
                  extensions: {
                    code: 'consulta_excede_limites',
                    codigo: 'consulta_excede_limites',
                    correcao:
                      'Peça páginas menores (first/limite), menos campos ou menos níveis aninhados, em mais de uma consulta.',
                    limite: kind,
                    valor: result[kind],
                    maximo: QUERY_LIMITS[kind],
                  },
                }),
              );
            }
          },
        }),
      );
    },
  };
}
