import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Tracer } from '@opentelemetry/api';

/**
 * Runs `work` in a span that is a child of the span running now; with no span running (a worker's poll, a timer)
 * it runs untraced, so background statements do not each start a trace of their own.
 */
export function inChildSpan<T>(
  tracer: Tracer,
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  const parent = context.active();
  if (!trace.getSpan(parent)) return work();
  const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
  return context.with(trace.setSpan(parent, span), work).then(
    (value) => {
      span.end();
      return value;
    },
    (err: unknown) => {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw err;
    },
  );
}
