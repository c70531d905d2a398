import diagnostics from 'node:diagnostics_channel';
import { context, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { logContext } from './log-context.js';
import { noteAttributes } from './note-attributes.js';

interface UndiciRequest {
  origin?: unknown;
  method?: string;
  path?: string;
}

/**
 * A client span for every outbound HTTP call made inside a trace: the calls to the authorities (undici, over each
 * gateway's own dispatcher), the registries and webhook deliveries. undici announces each request on its
 * diagnostics channels, so the engine's clients stay as they are. A call outside any trace (a worker's poll) is
 * not traced. The span ends with the answer's headers, or with the error; the note whose work made the call is
 * named on it.
 */
export function traceOutboundHttp(tracer: Tracer): () => void {
  const spans = new WeakMap<object, Span>();
  const handlers: Record<string, (message: unknown) => void> = {
    'undici:request:create': (message) => {
      const { request } = message as { request: UndiciRequest };
      const parent = context.active();
      if (!trace.getSpan(parent)) return;
      const origin = String(request.origin ?? '');
      const method = request.method ?? 'GET';
      const span = tracer.startSpan(
        `HTTP ${method}`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'http.request.method': method,
            'url.full': origin + (request.path ?? '').split('?')[0],
            'server.address': hostOf(origin),
            ...noteAttributes(logContext.getStore()),
          },
        },
        parent,
      );
      spans.set(request, span);
    },
    'undici:request:headers': (message) => {
      const { request, response } = message as { request: object; response: { statusCode: number } };
      const span = spans.get(request);
      if (!span) return;
      spans.delete(request);
      span.setAttribute('http.response.status_code', response.statusCode);
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
    'undici:request:error': (message) => {
      const { request, error } = message as { request: object; error: Error };
      const span = spans.get(request);
      if (!span) return;
      spans.delete(request);
      span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      span.end();
    },
  };
  for (const [name, handler] of Object.entries(handlers)) diagnostics.subscribe(name, handler);
  return () => {
    for (const [name, handler] of Object.entries(handlers)) diagnostics.unsubscribe(name, handler);
  };
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return origin;
  }
}
