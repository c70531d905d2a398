import type { NfseRecurso, Nfse } from './recursos/nfse-recurso.js';
import type { Transporte } from './transporte.js';

export interface OpcoesAcompanhar {
  /** A WebSocket class where the runtime has none (Node 20: `import WebSocket from 'ws'`). */
  webSocketImpl?: unknown;
  /** The GraphQL websocket address (default: the base address with ws(s):// and /graphql). */
  url?: string;
  /** Keep following after the note leaves `transmitindo` (a later cancellation, say) until `signal` aborts. */
  continuar?: boolean;
  signal?: AbortSignal;
}

const SUBSCRIPTION = 'subscription Acompanhar($id: ID!) { nfseAtualizada(id: $id) { id status } }';

/**
 * The note now and at each change, over the GraphQL subscription `nfseAtualizada` (graphql-ws, an optional peer
 * dependency loaded only here). Each change is read again through `GET /v1/nfse/{id}`, so every value has the
 * REST shape of `nfse.obter`. Ends when the note leaves `transmitindo`, unless `continuar`.
 */
export async function* acompanharNfse(
  http: Transporte,
  nfse: NfseRecurso,
  id: string,
  opcoes: OpcoesAcompanhar = {},
): AsyncGenerator<Nfse> {
  const atual = await nfse.obter(id, {}, { signal: opcoes.signal });
  const terminou = (nota: Nfse) => !opcoes.continuar && nota.status !== 'transmitindo';
  if (terminou(atual)) {
    yield atual;
    return;
  }
  let createClient: typeof import('graphql-ws').createClient;
  try {
    ({ createClient } = await import('graphql-ws'));
  } catch (cause) {
    throw new Error('acompanhar precisa do pacote graphql-ws (npm install graphql-ws)', { cause });
  }
  let conectado!: () => void;
  const conexao = new Promise<void>((resolve) => (conectado = resolve));
  const client = createClient({
    url: opcoes.url ?? `${http.urlBase.replace(/^http/, 'ws')}/graphql`,
    connectionParams: { authorization: `Bearer ${http.chaveApi}` },
    webSocketImpl: opcoes.webSocketImpl,
    lazy: true,
    retryAttempts: 5,
    on: { connected: () => conectado() },
  });
  const eventos = client.iterate<{ nfseAtualizada: { id: string; status: string } }>({
    query: SUBSCRIPTION,
    variables: { id: atual.id },
  });
  const parar = () => void eventos.return?.();
  opcoes.signal?.addEventListener('abort', parar, { once: true });
  try {
    const primeiro = eventos.next();
    await Promise.race([conexao, primeiro]);
    // Read again once subscribed: a change between the first read and the subscription is not lost.
    let ultimo = await nfse.obter(atual.id, {}, { signal: opcoes.signal });
    yield ultimo;
    if (terminou(ultimo)) return;
    for (let proximo = await primeiro; !proximo.done; proximo = await eventos.next()) {
      const nota = await nfse.obter(atual.id, {}, { signal: opcoes.signal });
      if (nota.status === ultimo.status && nota.atualizada_em === ultimo.atualizada_em) continue;
      ultimo = nota;
      yield nota;
      if (terminou(nota)) return;
    }
  } finally {
    opcoes.signal?.removeEventListener('abort', parar);
    await eventos.return?.();
    await client.dispose();
  }
}
