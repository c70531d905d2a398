import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { gql } from './api/graphql.js';

interface Connection<T> {
  edges: Array<{ node: T }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount?: number;
}

export interface ConnectionState<T> {
  nodes: T[];
  total: number | null;
  hasNext: boolean;
  error: string | null;
  loading: boolean;
  more(): void;
  reload(): void;
  /** Reloads within a second, once for any number of calls meanwhile (live updates of a busy account). */
  reloadSoon(): void;
  /** Changes the loaded nodes in place (a live update of a row already shown). */
  patch(change: (nodes: T[]) => T[]): void;
}

/**
 * A list paged by cursor: the first page when `variables` change, the next one appended on more(). `field` names
 * the connection in the answer (or picks it, when nested); the query takes `$after`.
 */
export function useConnection<T = any>(
  query: string,
  field: string | ((data: any) => Connection<T>),
  variables: Record<string, unknown>,
): ConnectionState<T> {
  const key = JSON.stringify(variables);
  const [state, setState] = useState({
    nodes: [] as T[],
    total: null as number | null,
    hasNext: false,
    cursor: null as string | null,
    error: null as string | null,
    loading: true,
  });
  const seq = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (pending.current && clearTimeout(pending.current)), []);
  const fetchPage = useCallback(
    (after: string | null) => {
      const mine = ++seq.current;
      setState((s) => ({ ...s, loading: true }));
      gql<any>(query, { ...JSON.parse(key), after }).then(
        (data) => {
          if (mine !== seq.current) return;
          const conn: Connection<T> = typeof field === 'string' ? data[field] : field(data);
          setState((s) => ({
            nodes: after ? [...s.nodes, ...conn.edges.map((e) => e.node)] : conn.edges.map((e) => e.node),
            total: conn.totalCount ?? null,
            hasNext: conn.pageInfo.hasNextPage,
            cursor: conn.pageInfo.endCursor,
            error: null,
            loading: false,
          }));
        },
        (e: Error) => mine === seq.current && setState((s) => ({ ...s, error: e.message, loading: false })),
      );
    },
    [query, field, key],
  );
  useEffect(() => fetchPage(null), [fetchPage]);
  const latest = useRef(fetchPage);
  latest.current = fetchPage;
  return {
    nodes: state.nodes,
    total: state.total,
    hasNext: state.hasNext,
    error: state.error,
    loading: state.loading,
    more: () => fetchPage(state.cursor),
    reload: () => fetchPage(null),
    reloadSoon: () => {
      pending.current ??= setTimeout(() => {
        pending.current = null;
        latest.current(null);
      }, 1000);
    },
    patch: (change) => setState((s) => ({ ...s, nodes: change(s.nodes) })),
  };
}
