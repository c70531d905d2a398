import type { Server } from 'node:http';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { authenticate } from '../engine/auth/authenticate.js';
import type { Principal } from '../engine/auth/principal.js';
import type { EngineDeps } from '../engine/deps.js';
import { newId } from '../engine/kernel/ids.js';
import type { Yoga } from './graphql-http.js';

/**
 * graphql-ws on the same path as HTTP GraphQL, run through yoga.getEnveloped so masking and auth behave the
 * same. The key comes in connectionParams ({authorization: "Bearer …"}) or the upgrade request's header;
 * a connection without a valid key is closed before any subscription starts.
 */
export function attachGraphqlWs(server: Server, yoga: Yoga, engine: EngineDeps) {
  const wss = new WebSocketServer({ server, path: '/graphql' });
  const principals = new WeakMap<object, Principal>();
  const disposable = useServer(
    {
      onConnect: async (ctx) => {
        const fromParams = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        const header = typeof fromParams === 'string' ? fromParams : ctx.extra.request.headers.authorization;
        try {
          principals.set(ctx.extra, await authenticate(engine, header));
          return true;
        } catch {
          return false;
        }
      },
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params,
          principal: principals.get(ctx.extra) ?? null,
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
      await disposable.dispose();
      wss.close();
    },
  };
}
