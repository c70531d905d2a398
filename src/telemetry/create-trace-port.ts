import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { TracePort, TracedJob } from '../engine/nucleo/trace-port.js';
import { logContext } from './log-context.js';
import { noteAttributes } from './note-attributes.js';
import type { Tracing } from './start-tracing.js';

/**
 * The engine's trace port. Without tracing a job still runs with its id and note as its log lines' context; with
 * it, the job's span continues the trace stored on the job (the request that queued it), or starts one.
 */
export function createTracePort(tracing: Tracing | null): TracePort {
  if (!tracing) return { traceparent: () => null, runJob: (job, run) => logContext.run(jobFields(job), run) };
  const { tracer } = tracing;
  return {
    traceparent: () => {
      if (!trace.getSpan(context.active())) return null;
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent ?? null;
    },
    runJob: (job, run) => {
      const parent = job.traceparent
        ? propagation.extract(ROOT_CONTEXT, { traceparent: job.traceparent })
        : ROOT_CONTEXT;
      const fields = jobFields(job);
      const span = tracer.startSpan(
        `job ${job.kind}`,
        { kind: SpanKind.CONSUMER, attributes: { 'fiscal.job_id': job.id, ...noteAttributes(fields) } },
        parent,
      );
      fields.traceId = span.spanContext().traceId;
      return context
        .with(trace.setSpan(parent, span), () => logContext.run(fields, run))
        .then(
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
    },
  };
}

function jobFields(job: TracedJob): Record<string, string> {
  const fields: Record<string, string> = { jobId: job.id };
  if (job.nfseId) fields.nfseId = job.nfseId;
  if (job.nfeId) fields.nfeId = job.nfeId;
  return fields;
}
