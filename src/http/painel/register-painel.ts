import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { EngineError, isEngineError } from '../../engine/errors.js';
import { writeLoteReport, XLSX_TYPE } from '../../engine/lotes/write-lote-report.js';
import type { RateLimiter } from '../../engine/nucleo/rate-limiter.js';
import { acceptConvite } from '../../engine/pessoas/accept-convite.js';
import { endSessao } from '../../engine/pessoas/end-sessao.js';
import { findSessao, type PanelSession } from '../../engine/pessoas/find-sessao.js';
import { signIn } from '../../engine/pessoas/sign-in.js';
import type { GraphEngine } from '../../graph/graph-context.js';
import { createGraphqlHttp, type Yoga } from '../create-graphql-http.js';
import { csrfMatches } from './csrf-matches.js';
import { painelBudgetKey } from './painel-budget-key.js';
import { painelOriginAllowed } from './painel-origin-allowed.js';
import { PAINEL_HEADERS } from './painel-headers.js';
import { servePainelAssets } from './serve-painel-assets.js';
import { expiredSessionCookie, readSessionCookie, sessionCookie } from './session-cookie.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator panel's session of a /painel/api or /painel/graphql request, once checked. */
    painel: PanelSession | null;
  }
}

export interface PainelOptions {
  engine: GraphEngine;
  schema: GraphQLSchema;
  /** The built panel (index.html, assets/). */
  dir: string;
  /** The API keys' limiter, counting each session apart. */
  rateLimiter: RateLimiter;
  /** Origins besides the service's own whose pages may call /painel/graphql with the session (PAINEL_ORIGINS). */
  origins: string[];
}

/**
 * Requests per clock minute of one panel session. A person's pages make a few calls each; a stolen cookie in a
 * script is held to what a busy operator could click.
 */
export const PAINEL_LIMIT_PER_MINUTE = 300;

/** The routes that open a session have none to check yet. */
const WITHOUT_SESSION = new Set(['/painel/api/entrar', '/painel/api/convite']);

const noSession = () =>
  new EngineError('nao_autenticado', 'Sessão do painel ausente, vencida ou encerrada.', {
    correcao: 'Entre no painel com e-mail e senha.',
  });

/**
 * The operator panel: its session routes, its GraphQL (the API's schema, run as the signed-in account in
 * production) and its built files. A panel session never reaches /v1 or /graphql (its cookie's Path is /painel
 * and nothing there reads it), and an API key never reaches the panel.
 */
export function registerPainel(app: FastifyInstance, options: PainelOptions): Yoga {
  const { engine } = options;
  app.decorateRequest('painel', null);
  // Secure only where the browser would send it back: over TLS, or behind a proxy that says https (TRUST_PROXY).
  const secure = (req: FastifyRequest) => req.protocol === 'https';

  app.addHook('onRequest', async (req, reply) => {
    const path = decodedPath(req);
    const route = req.routeOptions.url;
    if (path !== '/painel' && !path.startsWith('/painel/')) return;
    reply.headers(PAINEL_HEADERS);
    // Decided on the decoded path and on the route the router matched alike: a percent-encoded spelling of
    // /painel/api reaches the same handler, so it meets the same check.
    if (!isPanelCall(path) && !(route && isPanelCall(route))) return;
    reply.header('cache-control', 'no-store');
    if (req.headers.authorization !== undefined) {
      throw new EngineError('nao_autenticado', 'Chaves de API não valem no painel.', {
        correcao: 'Entre no painel com e-mail e senha; as chaves de API servem a /v1 e /graphql.',
      });
    }
    if (route && WITHOUT_SESSION.has(route)) return;
    // A preflight carries no cookie; Yoga answers it with the CORS of the origin, and runs nothing.
    if (req.method === 'OPTIONS' && route === '/painel/graphql') return;
    const sessao = await findSessao(engine, readSessionCookie(req.headers.cookie));
    if (!sessao) throw noSession();
    // Every state change echoes the session's token: another site can make the browser send the cookie, never
    // read the token. GET and HEAD change nothing (GraphQL refuses mutations over GET).
    if (req.method !== 'GET' && req.method !== 'HEAD' && !csrfMatches(req.headers['x-csrf-token'], sessao.csrf)) {
      throw new EngineError('acesso_negado', 'Token CSRF ausente ou inválido.', {
        correcao: 'Envie o cabeçalho X-CSRF-Token com o valor csrf de GET /painel/api/sessao.',
      });
    }
    if (
      (await options.rateLimiter.hit(painelBudgetKey(sessao.sessaoId), engine.clock.now())) > PAINEL_LIMIT_PER_MINUTE
    ) {
      throw new EngineError(
        'limite_de_requisicoes',
        `Mais de ${PAINEL_LIMIT_PER_MINUTE} requisições neste minuto nesta sessão do painel.`,
        {
          correcao: 'Espere o próximo minuto do relógio e repita.',
        },
      );
    }
    req.painel = sessao;
    req.principal = sessao.principal;
  });

  app.post('/painel/api/entrar', async (req, reply) => {
    const body = objectBody(req.body);
    try {
      const session = await signIn(engine, { email: body.email, senha: body.senha, ip: req.ip });
      reply.header('set-cookie', sessionCookie(session.token, secure(req)));
      return reply.send({ csrf: session.csrf, email: session.email, conta: session.conta });
    } catch (err) {
      if (isEngineError(err) && err.codigo === 'entrada_bloqueada')
        reply.header('retry-after', String(err.extra.tentar_em_segundos));
      throw err;
    }
  });

  app.get('/painel/api/sessao', async (req, reply) => {
    const sessao = req.painel!;
    return reply.send({ csrf: sessao.csrf, email: sessao.email, conta: sessao.conta });
  });

  app.post('/painel/api/sair', async (req, reply) => {
    await endSessao(engine, req.painel!.sessaoId);
    return reply
      .status(204)
      .header('set-cookie', expiredSessionCookie(secure(req)))
      .send();
  });

  app.post('/painel/api/convite', async (req, reply) => {
    const body = objectBody(req.body);
    return reply.send(await acceptConvite(engine, { token: body.token, senha: body.senha }));
  });

  // The batch report is a file, not GraphQL: the same spreadsheet as GET /v1/lotes/{id}/relatorio, for the session's
  // account in production (a panel session never calls /v1). An unknown or foreign batch is 404 lote_nao_encontrado.
  app.get<{ Params: { id: string } }>('/painel/api/lotes/:id/relatorio', async (req, reply) => {
    const body = await writeLoteReport(engine, req.painel!.principal, req.params.id);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="lote-${req.params.id}.xlsx"`)
      .send(body);
  });

  const yoga = createPainelGraphql(app, options);

  const assets = servePainelAssets(options.dir);
  const serveAssets = (req: FastifyRequest, reply: FastifyReply) => assets(req, reply);
  app.get('/painel', serveAssets);
  app.get('/painel/*', serveAssets);
  return yoga;
}

/**
 * /painel/graphql: each document charged to the session's minute, and readable by a page of the service's own
 * origin or of PAINEL_ORIGINS only, with the session cookie; another site's page gets no CORS headers at all.
 */
function createPainelGraphql(app: FastifyInstance, options: PainelOptions): Yoga {
  return createGraphqlHttp(app, options.schema, options.engine, {
    endpoint: '/painel/graphql',
    budget: {
      limiter: options.rateLimiter,
      perMinute: PAINEL_LIMIT_PER_MINUTE,
      message: `Mais de ${PAINEL_LIMIT_PER_MINUTE} requisições neste minuto nesta sessão do painel.`,
    },
    budgetKeyOf: (req) => (req.painel ? painelBudgetKey(req.painel.sessaoId) : null),
    cors: (_request, context) => {
      const req = (context as { req?: FastifyRequest }).req;
      const origin = req?.headers.origin;
      // req.protocol follows X-Forwarded-Proto only under TRUST_PROXY, as the websocket's check does.
      if (
        !req ||
        !origin ||
        !painelOriginAllowed(origin, `${req.protocol}://${req.headers.host ?? ''}`, options.origins)
      )
        return false;
      return {
        origin: [origin],
        credentials: true,
        methods: ['GET', 'POST'],
        allowedHeaders: ['content-type', 'x-csrf-token'],
      };
    },
  });
}

const isPanelCall = (path: string) => path.startsWith('/painel/api/') || path === '/painel/graphql';

/** The request's path with every percent-escape decoded (more than the router decodes); as sent if it does not decode. */
function decodedPath(req: FastifyRequest): string {
  const raw = req.url.split('?')[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function objectBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new EngineError('requisicao_invalida', 'O corpo deve ser um objeto JSON.', {
      correcao: 'Envie Content-Type: application/json com um objeto.',
    });
  }
  return body as Record<string, unknown>;
}
