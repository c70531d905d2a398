import { useEffect, useRef, useState } from 'preact/hooks';
import { onLiveConnection, subscribe } from './api/live.js';

/**
 * Keeps a subscription open while the component is shown; `onData` may change between renders. A null query
 * subscribes to nothing yet (its variables are still loading).
 */
export function useSubscription<T = any>(
  query: string | null,
  variables: Record<string, unknown>,
  onData: (data: T) => void,
) {
  const handler = useRef(onData);
  handler.current = onData;
  const key = JSON.stringify(variables);
  useEffect(() => (query ? subscribe<T>(query, JSON.parse(key), (d) => handler.current(d)) : undefined), [query, key]);
}

/** Whether the live connection is up (the "ao vivo" mark of the pages that update by themselves). */
export function useLiveConnection(): boolean {
  const [up, setUp] = useState(false);
  useEffect(() => onLiveConnection(setUp), []);
  return up;
}
