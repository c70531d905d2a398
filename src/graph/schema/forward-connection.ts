import { parameterError } from '../../engine/errors.js';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/** `first` clamped to 1..max like the REST lists' `limite` of the same resource. */
export const pageSize = (args: ConnectionArgs, standard: number, max: number): number =>
  Math.min(max, Math.max(1, args.first ?? standard));

/**
 * One engine page (keyset, newest, oldest or line order) as a Relay connection: every list of the schema is one.
 * Lists page forward only: each edge's cursor is the engine's own opaque cursor for the row, so `after` continues
 * exactly where REST's would, and a REST list is the connection's nodes with `endCursor` while `hasNextPage`
 * (src/rest/connection-page.ts).
 */
export function forwardConnection<T>(
  args: ConnectionArgs,
  page: { nodes: T[]; hasNextPage: boolean },
  cursorOf: (node: T) => string,
  totalCount: () => Promise<number>,
) {
  const edges = page.nodes.map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: Boolean(args.after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount,
  };
}

/** An engine page in the REST shape `{dados, proximo_cursor}`, as the connection takes it. */
export const restShaped = <T>(page: { dados: T[]; proximo_cursor: string | null }) => ({
  nodes: page.dados,
  hasNextPage: page.proximo_cursor !== null,
});

/** Refuses `last`/`before` before any query runs. */
export function assertForward(args: ConnectionArgs): void {
  if (args.last != null || args.before != null) {
    throw parameterError('parametro_invalido', { query: 'last/before' }, 'as listas são paginadas só para frente.', {
      correcao: 'Use first e after (endCursor da página anterior).',
    });
  }
}

// The page size multiplies the cost of what each node selects.
export const pageCost = (max: number, standard: number) => (args: { first?: number | null }) => ({
  field: 1,
  multiplier: Math.min(max, Math.max(1, args.first ?? standard)),
});
