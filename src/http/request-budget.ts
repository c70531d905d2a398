import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Clock } from '../engine/nucleo/clock.js';
import type { RateLimiter } from '../engine/nucleo/rate-limiter.js';
import { documentCost, requestUnits } from './query-limits.js';

/** A GraphQL endpoint's minute: the limiter its other calls use, how many units a minute, and the refusal. */
export interface RequestBudget {
  limiter: RateLimiter;
  perMinute: number;
  message: string;
}

/**
 * What a request brings to be charged: the limiter key (an API key's id, a panel session's) and the units its
 * onRequest hook already charged (1 over HTTP, 0 over a websocket). No key: nothing is charged (a call without a
 * key reaches nothing that costs).
 */
export interface BudgetContext {
  budgetKey?: string | null;
  unitsCharged?: number;
}

/**
 * Charges each validated document its cost in request units before it runs (queries, mutations and each
 * subscription alike), against the same per-minute count as the endpoint's REST or session calls; a document that
 * would pass the minute is refused with 429 `limite_de_requisicoes` and does nothing. The units stay spent, as a
 * refused REST call's do.
 */
export function useRequestBudget(budget: RequestBudget, clock: Clock): Plugin {
  const refusal = async (context: BudgetContext): Promise<GraphQLError | null> => {
    if (!context.budgetKey) return null;
    const units = requestUnits(documentCost(context));
    const extra = units - (context.unitsCharged ?? 0);
    if (extra <= 0) return null;
    context.unitsCharged = units;
    const spent = await budget.limiter.hit(context.budgetKey, clock.now(), extra);
    if (spent <= budget.perMinute) return null;
    return new GraphQLError(budget.message, {
      extensions: {
        code: 'limite_de_requisicoes',
        codigo: 'limite_de_requisicoes',
        retentavel: true,
        correcao:
          'Espere o próximo minuto do relógio, ou peça menos documentos por consulta (custo em docs/graphql.md).',
        unidades: units,
        http: { status: 429 },
      },
    });
  };
  return {
    onExecute: async ({ args, setResultAndStopExecution }) => {
      const refused = await refusal(args.contextValue as BudgetContext);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
    onSubscribe: async ({ args, setResultAndStopExecution }) => {
      const refused = await refusal(args.contextValue as BudgetContext);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
  };
}
