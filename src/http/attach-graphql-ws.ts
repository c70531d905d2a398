import type { Server } from 'node:http';
import { GraphQLError } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { authenticate } from '../engine/chaves/authenticate.js';
import type { Principal } from '../engine/chaves/principal.js';
import type { EngineDeps } from '../engine/engine-deps.js';
import { newId } from '../engine/nucleo/new-id.js';
import type { Yoga } from './create-graphql-http.js';

/** graphql-ws close code for a refused or revoked key (the code graphql-ws itself uses for `Forbidden`). */
const FORBIDDEN = 4403;

interface Connection {
  authorization: string | undefined;
  principal: Principal;
  socket: WebSocket;
}

export interface GraphqlWsOptions {
  /** How often the keys of open connections are checked for revocation (default 10 s). */
  keyRecheckMs?: number;
}

/**
 * graphql-ws on the same path as HTTP GraphQL, run through yoga.getEnveloped so masking and auth behave the
 * same. The key comes in connectionParams ({authorization: "Bearer …"}) or the upgrade request's header. It is
 * checked at connection (a bad key closes the socket before any subscription), again at every subscribe, and
 * every `keyRecheckMs` for all open connections in one query: a revoked key's connection is closed with 4403,
 * which ends its subscriptions, whichever process (or CLI) revoked it.
 */
export function attachGraphqlWs(server: Server, yoga: Yoga, engine: EngineDeps, options: GraphqlWsOptions = {}) {
  const wss = new WebSocketServer({ server, path: '/graphql' });
  const connections = new Map<object, Connection>();

  const recheck = setInterval(() => {
    void closeRevoked().catch((err) => engine.logger.error({ err }, 'websocket key recheck failed'));
  }, options.keyRecheckMs ?? 10_000);
  recheck.unref();
  const closeRevoked = async () => {
    const ids = [...new Set([...connections.values()].map((c) => c.principal.apiKeyId))];
    if (ids.length === 0) return;
    const revoked = await engine.db.apiKey.findMany({ where: { id: { in: ids }, revokedAt: { not: null } }, select: { id: true } });
    const gone = new Set(revoked.map((r) => r.id));
    for (const [key, c] of connections) {
      if (!gone.has(c.principal.apiKeyId)) continue;
      connections.delete(key);
      c.socket.close(FORBIDDEN, 'Chave revogada');
    }
  };

  const disposable = useServer(
    {
      onConnect: async (ctx) => {
        const fromParams = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        const authorization = typeof fromParams === 'string' ? fromParams : ctx.extra.request.headers.authorization;
        try {
          connections.set(ctx.extra, { authorization, principal: await authenticate(engine, authorization), socket: ctx.extra.socket });
          return true;
        } catch {
          return false;
        }
      },
      onClose: (ctx) => {
        connections.delete(ctx.extra);
      },
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        const connection = connections.get(ctx.extra);
        let principal: Principal;
        try {
          principal = await authenticate(engine, connection?.authorization);
        } catch {
          // Revoked since the connection began: nothing more may run on it.
          ctx.extra.socket.close(FORBIDDEN, 'Chave revogada');
          return [new GraphQLError('Chave de API ausente, inválida ou revogada.', { extensions: { codigo: 'nao_autenticado' } })];
        }
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params,
          principal,
          requestId: newId(),
        });
        const args = {
          schema,
          operationName: params.operationName,
          document: parse(params.query),
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        if (errors.length) return errors;
        return args;
      },
    },
    wss,
  );
  return {
    close: async () => {
      clearInterval(recheck);
      await disposable.dispose();
      wss.close();
    },
  };
}
