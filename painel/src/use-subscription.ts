import { useEffect, useRef } from 'preact/hooks';
import { subscribe } from './api/live.js';

/** Keeps a subscription open while the component is shown; `onData` may change between renders. */
export function useSubscription<T = any>(query: string, variables: Record<string, unknown>, onData: (data: T) => void) {
  const handler = useRef(onData);
  handler.current = onData;
  const key = JSON.stringify(variables);
  useEffect(() => subscribe<T>(query, JSON.parse(key), (d) => handler.current(d)), [query, key]);
}
