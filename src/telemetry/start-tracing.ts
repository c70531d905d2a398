import { context, propagation, type Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { traceOutboundHttp } from './trace-outbound-http.js';

/** Tracing switched on: where spans are started, and how the process stops exporting them. */
export interface Tracing {
  readonly tracer: Tracer;
  /** Exports the spans still held, then stops: the last step of a closing process. */
  shutdown(): Promise<void>;
}

/**
 * Tracing is opt-in through the standard OpenTelemetry variables: on when OTEL_TRACES_EXPORTER names an exporter
 * (`otlp`, `console`) or an OTLP endpoint is set; `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` keep it
 * off. Off, nothing of the SDK is loaded and no span is made.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter) return exporter !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts tracing when the environment asks for it (null otherwise), or always with `exporter` (tests hand an
 * in-memory one, whose spans are exported as each ends). The SDK is loaded here, on demand. Context follows the
 * async calls of the process (AsyncLocalStorage) and travels as W3C `traceparent`; the OTLP exporter reads its
 * endpoint, headers and timeout from the OTEL_EXPORTER_OTLP_* variables itself.
 */
export async function startTracing(
  env: NodeJS.ProcessEnv,
  options: { exporter?: SpanExporter } = {},
): Promise<Tracing | null> {
  if (!options.exporter && !tracingWanted(env)) return null;
  const [sdk, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, resources] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = options.exporter ?? (await exporterOf(env));
  const processor = options.exporter
    ? new sdk.SimpleSpanProcessor({ exporter })
    : new sdk.BatchSpanProcessor({
        exporter,
        scheduledDelayMillis: numberOf(env.OTEL_BSP_SCHEDULE_DELAY),
        maxQueueSize: numberOf(env.OTEL_BSP_MAX_QUEUE_SIZE),
        exportTimeoutMillis: numberOf(env.OTEL_BSP_EXPORT_TIMEOUT),
      });
  const resource = resources
    .resourceFromAttributes({ 'service.name': 'fiscal-api' })
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new sdk.TracerProvider({ resource, sampler: samplerOf(env, sdk), spanProcessors: [processor] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const tracer = provider.getTracer('fiscal-api');
  const stopHttp = traceOutboundHttp(tracer);
  return {
    tracer,
    shutdown: async () => {
      stopHttp();
      await provider.shutdown();
      context.disable();
      propagation.disable();
    },
  };
}

async function exporterOf(env: NodeJS.ProcessEnv): Promise<SpanExporter> {
  const name = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() || 'otlp';
  if (name === 'console') return new (await import('@opentelemetry/sdk-trace')).ConsoleSpanExporter();
  if (name !== 'otlp')
    throw new Error(`OTEL_TRACES_EXPORTER=${name} não é aceito: use otlp (OTLP por HTTP), console ou none.`);
  return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
}

type Sdk = typeof import('@opentelemetry/sdk-trace');

/**
 * OTEL_TRACES_SAMPLER and its argument, which the trace SDK leaves to its caller; default parentbased_always_on
 * (a caller's decision is kept, a new trace is always sampled).
 */
function samplerOf(env: NodeJS.ProcessEnv, sdk: Sdk) {
  const name = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() || 'parentbased_always_on';
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? 1);
  const root = {
    always_on: () => new sdk.AlwaysOnSampler(),
    always_off: () => new sdk.AlwaysOffSampler(),
    traceidratio: () => new sdk.TraceIdRatioBasedSampler(Number.isFinite(ratio) ? ratio : 1),
  };
  const base = name.replace(/^parentbased_/, '') as keyof typeof root;
  if (!(base in root))
    throw new Error(
      `OTEL_TRACES_SAMPLER=${name} não é aceito: use always_on, always_off, traceidratio ou parentbased_*.`,
    );
  return name.startsWith('parentbased_') ? new sdk.ParentBasedSampler({ root: root[base]() }) : root[base]();
}

/** A positive whole number from a variable, or undefined (the SDK's default). */
function numberOf(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}
