import { createClient, type Client } from 'graphql-ws';
import { sessao } from './session.js';

// One graphql-ws connection for the page's live views, on the panel's endpoint: the browser sends the session
// cookie with the upgrade, and the CSRF token goes in connectionParams as it goes in a header over HTTP.
let client: Client | null = null;
let clientCsrf: string | null = null;
let connected = false;
const listeners = new Set<(connected: boolean) => void>();

function setConnected(value: boolean) {
  connected = value;
  for (const l of listeners) l(value);
}

/** Whether the live connection is up now, and every change of it. */
export function onLiveConnection(listener: (connected: boolean) => void): () => void {
  listeners.add(listener);
  listener(connected);
  return () => listeners.delete(listener);
}

function liveClient(): Client {
  const csrf = sessao()?.csrf ?? '';
  if (!client || clientCsrf !== csrf) {
    void client?.dispose();
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    client = createClient({
      url: `${scheme}://${location.host}/painel/graphql`,
      connectionParams: { csrf },
      lazy: true,
      retryAttempts: 5,
      on: { connected: () => setConnected(true), closed: () => setConnected(false) },
    });
    clientCsrf = csrf;
  }
  return client;
}

/** Subscribes; `onData` receives each result's data. Answers the function that ends the subscription. */
export function subscribe<T>(query: string, variables: Record<string, unknown>, onData: (data: T) => void): () => void {
  return liveClient().subscribe<T>(
    { query, variables },
    {
      next: (r) => {
        if (r.data) onData(r.data as T);
      },
      error: () => {},
      complete: () => {},
    },
  );
}

export function closeLive() {
  void client?.dispose();
  client = null;
  clientCsrf = null;
  setConnected(false);
}
