import type { IncomingMessage } from 'node:http';
import { GraphQLError, type DocumentNode } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Principal } from '../engine/chaves/principal.js';
import type { EngineDeps } from '../engine/engine-deps.js';
import { newId } from '../engine/nucleo/new-id.js';
import type { Yoga } from './create-graphql-http.js';

/** graphql-ws close code for a refused or revoked credential (the code graphql-ws itself uses for `Forbidden`). */
const FORBIDDEN = 4403;

/** Who may open a websocket and keep it: API keys at /graphql, panel sessions at /painel/graphql. */
export interface WsAccess {
  /** The principal of the upgrade request and connection parameters, or null to refuse. */
  connect(request: IncomingMessage, params: Readonly<Record<string, unknown>> | undefined): Promise<Principal | null>;
  /** Of the open connections' principals, those whose credential ended since (a revoked key, a closed session). */
  ended(principals: Principal[]): Promise<Set<Principal>>;
  /** The close reason sent with 4403. */
  endedReason: string;
  /** The rate limiter's key a principal's documents are charged to (default: its API key). */
  budgetKey?(principal: Principal): string | null;
}

interface Connection {
  request: IncomingMessage;
  params: Readonly<Record<string, unknown>> | undefined;
  principal: Principal;
  socket: WebSocket;
}

export interface GraphqlWsOptions {
  /** How often the credentials of open connections are checked (default 10 s). */
  keyRecheckMs?: number;
}

/**
 * graphql-ws over a yoga instance, run through yoga.getEnveloped so masking, limits, the minute's budget and auth
 * behave as over HTTP.
 * The credential is checked at connection (a bad one closes the socket before any subscription), again at every
 * subscribe, and every `keyRecheckMs` for all open connections in one query: an ended credential's connection is
 * closed with 4403, which ends its subscriptions, whichever process (or CLI) ended it. The server is `noServer`:
 * `routeUpgrades` hands it the upgrades of its path.
 */
export function attachGraphqlWs(yoga: Yoga, engine: EngineDeps, access: WsAccess, options: GraphqlWsOptions = {}) {
  const wss = new WebSocketServer({ noServer: true });
  const connections = new Map<object, Connection>();

  const recheck = setInterval(() => {
    void closeEnded().catch((err) => engine.logger.error({ err }, 'websocket credential recheck failed'));
  }, options.keyRecheckMs ?? 10_000);
  recheck.unref();
  const closeEnded = async () => {
    if (connections.size === 0) return;
    const gone = await access.ended([...connections.values()].map((c) => c.principal));
    for (const [key, c] of connections) {
      if (!gone.has(c.principal)) continue;
      connections.delete(key);
      c.socket.close(FORBIDDEN, access.endedReason);
    }
  };

  const disposable = useServer(
    {
      onConnect: async (ctx) => {
        const request = ctx.extra.request;
        const principal = await access.connect(request, ctx.connectionParams).catch(() => null);
        if (!principal) return false;
        connections.set(ctx.extra, { request, params: ctx.connectionParams, principal, socket: ctx.extra.socket });
        return true;
      },
      onClose: (ctx) => {
        connections.delete(ctx.extra);
      },
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        const connection = connections.get(ctx.extra);
        const principal = connection
          ? await access.connect(connection.request, connection.params).catch(() => null)
          : null;
        if (!principal) {
          // Ended since the connection began: nothing more may run on it.
          ctx.extra.socket.close(FORBIDDEN, access.endedReason);
          return [new GraphQLError(access.endedReason, { extensions: { codigo: 'nao_autenticado' } })];
        }
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params,
          principal,
          requestId: newId(),
          // No onRequest hook charged anything: each operation is charged its whole cost.
          budgetKey: access.budgetKey ? access.budgetKey(principal) : principal.apiKeyId,
          unitsCharged: 0,
        });
        let document: DocumentNode;
        try {
          document = parse(params.query);
        } catch (err) {
          // A document refused before parsing (too deep, too long) or that does not parse: the client's error.
          if (err instanceof GraphQLError) return [err];
          throw err;
        }
        const args = {
          schema,
          operationName: params.operationName,
          document,
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
    wss,
    close: async () => {
      clearInterval(recheck);
      await disposable.dispose();
      wss.close();
    },
  };
}
