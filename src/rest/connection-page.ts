/**
 * A REST list from the GraphQL connection the operation executed (snake_cased by the facade): the nodes, and
 * the cursor of the next page, which REST calls `proximo_cursor` and is null on the last page.
 */
export function connectionPage(data: Record<string, unknown>): {
  nodes: Array<Record<string, unknown>>;
  proximoCursor: string | null;
} {
  const edges = data.edges as Array<{ node: Record<string, unknown> }>;
  const pageInfo = data.page_info as { has_next_page: boolean; end_cursor: string | null };
  return { nodes: edges.map((e) => e.node), proximoCursor: pageInfo.has_next_page ? pageInfo.end_cursor : null };
}

export const PAGE_INFO = 'pageInfo { hasNextPage endCursor }';

/**
 * A `limite` query parameter as the Int a list field takes; the engine judges the number with each list's own
 * range and message. Text that is no whole number of at most nine digits cannot be a valid page size of any
 * list, so it becomes 0, which every list that refuses out-of-range sizes refuses with that same message.
 */
export function pageSizeParam(value: unknown): number | null {
  if (value === undefined || value === '') return null;
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : 0;
}

/**
 * A `limite` of the list that clamps (GET /v1/nfse, never refused) as an Int: text that is no
 * number is the default (null), and any number, however long, is brought within Int's range for the engine to clamp.
 */
export function clampedPageSizeParam(value: unknown): number | null {
  const n = typeof value === 'string' && value !== '' ? Math.trunc(Number(value)) : NaN;
  return Number.isNaN(n) ? null : Math.max(-INT_MAX, Math.min(INT_MAX, n));
}

const INT_MAX = 2 ** 31 - 1;
