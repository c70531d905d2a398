import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Principal } from '../../engine/chaves/principal.js';
import type { EngineDeps } from '../../engine/engine-deps.js';
import { findSessao } from '../../engine/pessoas/find-sessao.js';
import type { WsAccess } from '../attach-graphql-ws.js';
import { csrfMatches } from './csrf-matches.js';
import { painelBudgetKey } from './painel-budget-key.js';
import { painelOriginAllowed } from './painel-origin-allowed.js';
import { readSessionCookie } from './session-cookie.js';

/**
 * Websockets at /painel/graphql: the session cookie of the upgrade, from a page of this very origin or one of
 * PAINEL_ORIGINS (a browser sends cookies with a cross-site websocket too, and the Origin header is what it cannot
 * forge), with the session's CSRF token in connectionParams ({csrf}). A connection ends when its session ends; its
 * documents are charged to the session's minute.
 */
export function panelWsAccess(
  engine: Pick<EngineDeps, 'db' | 'clock'>,
  options: { trustProxy: boolean; origins?: string[] },
): WsAccess {
  const origins = options.origins ?? [];
  const sessions = new WeakMap<Principal, string>();
  return {
    endedReason: 'Sessão encerrada',
    connect: async (request, params) => {
      const origin = request.headers.origin;
      if (
        request.headers.authorization !== undefined ||
        !origin ||
        !painelOriginAllowed(origin, originOf(request, options.trustProxy), origins)
      )
        return null;
      const sessao = await findSessao(engine, readSessionCookie(request.headers.cookie));
      if (!sessao || !csrfMatches(params?.csrf, sessao.csrf)) return null;
      sessions.set(sessao.principal, sessao.sessaoId);
      return sessao.principal;
    },
    budgetKey: (principal) => {
      const sessaoId = sessions.get(principal);
      return sessaoId ? painelBudgetKey(sessaoId) : null;
    },
    ended: async (principals) => {
      const ids = [...new Set(principals.map((p) => sessions.get(p)).filter((id): id is string => id !== undefined))];
      const open = await engine.db.sessaoPainel.findMany({
        where: { id: { in: ids }, expiresAt: { gt: engine.clock.now() } },
        select: { id: true },
      });
      const alive = new Set(open.map((s) => s.id));
      return new Set(principals.filter((p) => !alive.has(sessions.get(p) ?? '')));
    },
  };
}

/** The origin the page was served from, as the browser names it: scheme, host and port of the request. */
function originOf(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(request.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]!
        .trim()
    : '';
  const https = forwarded ? forwarded === 'https' : Boolean((request.socket as TLSSocket).encrypted);
  return `${https ? 'https' : 'http'}://${request.headers.host ?? ''}`;
}
