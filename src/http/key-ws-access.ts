import { authenticate } from '../engine/chaves/authenticate.js';
import { isKeyPrincipal } from '../engine/chaves/principal.js';
import type { EngineDeps } from '../engine/engine-deps.js';
import type { WsAccess } from './attach-graphql-ws.js';

/**
 * Websockets at /graphql: the key comes in connectionParams ({authorization: "Bearer …"}) or the upgrade
 * request's header; a connection ends when its key is revoked.
 */
export function keyWsAccess(engine: Pick<EngineDeps, 'sql' | 'db'>): WsAccess {
  return {
    endedReason: 'Chave revogada',
    connect: async (request, params) => {
      const fromParams = params?.authorization ?? params?.Authorization;
      return authenticate(engine, typeof fromParams === 'string' ? fromParams : request.headers.authorization);
    },
    ended: async (principals) => {
      const ids = [...new Set(principals.filter(isKeyPrincipal).map((p) => p.apiKeyId))];
      const revoked = new Set(
        (
          await engine.db.apiKey.findMany({
            where: { id: { in: ids }, revokedAt: { not: null } },
            select: { id: true },
          })
        ).map((r) => r.id),
      );
      return new Set(principals.filter((p) => p.apiKeyId !== null && revoked.has(p.apiKeyId)));
    },
  };
}
