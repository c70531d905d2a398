import { AsyncResource } from 'node:async_hooks';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logContext } from './log-context.js';
import type { Tracing } from './start-tracing.js';

/**
 * Every request runs with its request id as its log lines' context and, where tracing is on, inside its server
 * span (continuing a caller's `traceparent`). Fastify runs the handler of a request with a body from the body's
 * stream events, outside the context the first hook entered, so the hooks from preValidation on re-enter the
 * request's scope. The span ends with the response: its route, status and the note the call touched.
 */
export function registerRequestContext(app: FastifyInstance, tracing: Tracing | null): void {
  const scopes = new WeakMap<FastifyRequest, AsyncResource>();
  const spans = new WeakMap<FastifyRequest, Span>();
  const enter = (req: FastifyRequest, fields: Record<string, string>, done: () => void) =>
    logContext.run(fields, () => {
      const scope = new AsyncResource('fiscal-api-request');
      scopes.set(req, scope);
      scope.runInAsyncScope(done);
    });
  app.addHook('onRequest', (req, _reply, done) => {
    const fields: Record<string, string> = { requestId: req.id };
    if (!tracing || PROBES.has(pathOf(req.url))) return enter(req, fields, done);
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracing.tracer.startSpan(
      `${req.method} ${pathOf(req.url)}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'fiscal.request_id': req.id } },
      parent,
    );
    spans.set(req, span);
    fields.traceId = span.spanContext().traceId;
    context.with(trace.setSpan(parent, span), () => enter(req, fields, done));
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const scope = scopes.get(req);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
  if (!tracing) return;
  app.addHook('onError', (req, _reply, error, done) => {
    spans.get(req)?.recordException(error);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const span = spans.get(req);
    if (span) endRequestSpan(req, reply.statusCode, span);
    done();
  });
}

function endRequestSpan(req: FastifyRequest, status: number, span: Span): void {
  const route = req.logRota ?? req.routeOptions.url;
  if (route) span.updateName(`${req.method} ${route}`).setAttribute('http.route', route);
  span.setAttribute('http.response.status_code', status);
  const ids = req.logIds;
  if (ids?.notaId) span.setAttribute('fiscal.note_id', ids.notaId);
  if (ids?.loteId) span.setAttribute('fiscal.lote_id', ids.loteId);
  if (ids?.empresaId) span.setAttribute('fiscal.company_id', ids.empresaId);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

const pathOf = (url: string) => url.split('?')[0]!;

/** Polled by load balancers and scrapers every few seconds: a trace each would only bury the requests' own. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);
