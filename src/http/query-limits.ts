import { createComplexityRule } from '@pothos/plugin-complexity';
import { GraphQLError, parse, type ValidationContext, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { nestingExceeds } from './nesting-exceeds.js';

/**
 * Bounds of one GraphQL document. Cost is the complexity plugin's: 1 per field, the weight of its work for the
 * fields that render, sign or call an authority (src/graph/field-work.ts), sub-selections multiplied by the page
 * size a list asks for (10 for lists without one). A full page of 100 notes with their company, timeline and
 * adjustments costs about 5 300; 24 PDFs about 24 000. `nesting` bounds the brackets of the text before it is
 * parsed, `tokens` its length in tokens, `aliases` the renamed fields of a document.
 */
export const QUERY_LIMITS = {
  depth: 10,
  complexity: 25_000,
  breadth: 400,
  aliases: 100,
  nesting: 32,
  tokens: 50_000,
} as const;

/**
 * What one request unit of the key's 120 a minute buys in cost: a rendered PDF, as GET /v1/nfse/{id}/pdf is one
 * request. A document is charged its cost in whole thousands, at least one unit: the fields around a PDF do not make
 * it two, and a document of ordinary reads is one unit, as a REST call is.
 */
export const REQUEST_UNIT_COST = 1_000;

export const requestUnits = (cost: number): number => Math.max(1, Math.floor(cost / REQUEST_UNIT_COST));

type Limit = 'depth' | 'complexity' | 'breadth' | 'aliases' | 'nesting' | 'tokens';

const MESSAGES: Record<Limit, (v: number) => string> = {
  depth: (v) => `A consulta tem profundidade ${v}; o máximo é ${QUERY_LIMITS.depth}.`,
  complexity: (v) => `A consulta tem custo ${v}; o máximo é ${QUERY_LIMITS.complexity}.`,
  breadth: (v) => `A consulta seleciona ${v} campos; o máximo é ${QUERY_LIMITS.breadth}.`,
  aliases: (v) => `A consulta tem ${v} apelidos (alias); o máximo é ${QUERY_LIMITS.aliases}.`,
  nesting: (v) =>
    `A consulta tem mais de ${v} níveis de chaves, colchetes ou parênteses; o máximo é ${QUERY_LIMITS.nesting}.`,
  tokens: (v) => `A consulta tem mais de ${v} símbolos; o máximo é ${QUERY_LIMITS.tokens}.`,
};

/** `consulta_excede_limites`, a 400 when it stops the document before validation. */
export function limitError(kind: Limit, valor: number, status?: number): GraphQLError {
  return new GraphQLError(MESSAGES[kind](valor), {
    extensions: {
      code: 'consulta_excede_limites',
      codigo: 'consulta_excede_limites',
      correcao:
        'Peça páginas menores (first/limite), menos campos, menos documentos ou menos níveis aninhados, em mais de uma consulta.',
      limite: kind,
      valor,
      maximo: QUERY_LIMITS[kind],
      ...(status ? { http: { status } } : {}),
    },
  });
}

/** The cost each validated document was found to have, by its request's context, for the minute's budget. */
const costs = new WeakMap<object, number>();

/** The cost validation found for this request's document; 0 when it was not validated here. */
export const documentCost = (context: object): number => costs.get(context) ?? 0;

/**
 * Limits checked before anything executes, for HTTP and websockets alike (both go through Yoga's envelop): the
 * text's nesting and token count before it is parsed (a document thousands of levels deep would otherwise exhaust
 * the parser's stack), then depth, cost, breadth and aliases as validation rules, each a
 * `consulta_excede_limites`. Without a principal, introspection is refused (`nao_autenticado`). The REST facade's
 * own documents are prepared once at start and not re-validated.
 */
export function useQueryLimits(): Plugin {
  return {
    // Over HTTP the nesting is checked on the request's parameters, so the refusal is a 400 whatever the client
    // accepts (a parse error is a 200 under application/json); websockets meet the same check in parse.
    onParams({ params, setResult }) {
      if (typeof params.query === 'string' && nestingExceeds(params.query, QUERY_LIMITS.nesting))
        setResult({ errors: [limitError('nesting', QUERY_LIMITS.nesting, 400)] });
    },
    onParse({ setParseFn }) {
      setParseFn((source, options) => {
        const text = typeof source === 'string' ? source : source.body;
        if (nestingExceeds(text, QUERY_LIMITS.nesting)) throw limitError('nesting', QUERY_LIMITS.nesting, 400);
        try {
          return parse(source, { ...options, maxTokens: QUERY_LIMITS.tokens });
        } catch (err) {
          if (err instanceof GraphQLError && /more than \d+ tokens/.test(err.message))
            throw limitError('tokens', QUERY_LIMITS.tokens, 400);
          throw err;
        }
      });
    },
    onValidate({ addValidationRule, context }) {
      const { params, principal } = context as {
        params?: { variables?: Record<string, unknown> | null; operationName?: string | null };
        principal?: unknown;
      };
      addValidationRule(aliasRule);
      if (!principal) addValidationRule(noIntrospectionRule);
      const complexity = createComplexityRule({
        context,
        variableValues: params?.variables ?? {},
        operationName: params?.operationName ?? undefined,
        validate: (result, report) => {
          costs.set(context, result.complexity);
          for (const kind of ['depth', 'complexity', 'breadth'] as const) {
            if (result[kind] > QUERY_LIMITS[kind]) report(limitError(kind, result[kind]));
          }
        },
      });
      addValidationRule((validation: ValidationContext) => complexity(callersErrors(validation)));
    },
  };
}

/**
 * The cost needs the variables, so the complexity rule reports variables that do not fit their types (an unknown
 * enum value, a number as Decimal): those are the caller's request, `requisicao_invalida`, as execution would say.
 */
function callersErrors(validation: ValidationContext): ValidationContext {
  return new Proxy(validation, {
    get(target, property) {
      if (property === 'reportError') {
        return (error: GraphQLError) => {
          if (error.extensions?.codigo) return target.reportError(error);
          target.reportError(
            new GraphQLError(error.message, {
              nodes: error.nodes,
              extensions: { code: 'requisicao_invalida', codigo: 'requisicao_invalida', ...error.extensions },
            }),
          );
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Renamed fields make one document ask for the same work many times over. */
const aliasRule: ValidationRule = (context) => {
  let aliases = 0;
  return {
    Field(node) {
      if (node.alias) aliases++;
    },
    Document: {
      leave() {
        if (aliases > QUERY_LIMITS.aliases) context.reportError(limitError('aliases', aliases));
      },
    },
  };
};

/**
 * The schema is described to whoever holds a key or a panel session; without one, `__schema` and `__type` are
 * refused. `__typename` stays, as clients add it everywhere. The printed schema is schema.graphql.
 */
const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value !== '__schema' && node.name.value !== '__type') return;
    context.reportError(
      new GraphQLError('A descrição do esquema (introspecção) exige uma chave de API.', {
        nodes: node,
        extensions: {
          code: 'nao_autenticado',
          codigo: 'nao_autenticado',
          correcao: 'Envie Authorization: Bearer <chave>, ou leia schema.graphql na documentação.',
        },
      }),
    );
  },
});
