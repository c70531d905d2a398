import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { gql } from './api/graphql.js';

export interface QueryState<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

/** Runs a query when `variables` change (compared as JSON); the last answer wins when they change quickly. */
export function useQuery<T = any>(query: string, variables: Record<string, unknown> = {}): QueryState<T> {
  const key = JSON.stringify(variables);
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const seq = useRef(0);
  const run = useCallback(() => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    gql<T>(query, JSON.parse(key)).then(
      (data) => mine === seq.current && setState({ data, error: null, loading: false }),
      (e: Error) => mine === seq.current && setState((s) => ({ ...s, error: e.message, loading: false })),
    );
  }, [query, key]);
  useEffect(run, [run]);
  return { ...state, reload: run };
}
