import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { startTracing } from '../../src/telemetry/start-tracing.js';
import { tracingWanted } from '../../src/telemetry/start-tracing.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { expectStatus } from '../support/http.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { usingRedis } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// No background worker: the test runs the note's job itself, as a worker would, after the request has answered.
const clock = new FakeClock('2026-11-02T12:00:00Z');
const exporter = new InMemorySpanExporter();
let k: NationalApiKit;
beforeAll(async () => {
  const tracing = await startTracing({}, { exporter });
  k = await startKit({ clock, worker: false, tracing });
});
afterAll(() => k?.close());

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

describe('tracing (OpenTelemetry, in-memory exporter)', () => {
  it('one trace follows a note: the request, its statements, its job in the worker (by the stored traceparent) and the calls to the authority', async () => {
    // The national system is down for the first two sends: the request's own attempt, then the worker's first.
    const created = expectStatus(await k.issue({ simular: 'indisponibilidade', wait: 0 }), 202);
    await waitFor(async () => {
      const job = await k.t.app.engine.db.transmissionJob.findFirst({ where: { nfseId: created.id } });
      return job !== null && job.lockedUntil === null;
    }, 'first attempt over');
    const job = await k.t.app.engine.db.transmissionJob.findFirstOrThrow({ where: { nfseId: created.id } });
    expect(job.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    clock.advance(5_000);
    await drainJobs(k.t.app.engine);
    clock.advance(15_000);
    await drainJobs(k.t.app.engine);
    expect(expectStatus(await k.http.get(`/v1/nfse/${created.id}`), 200).status).toBe('autorizada');

    const spans = exporter.getFinishedSpans();
    const request = spans.find(
      (s) => s.kind === SpanKind.SERVER && s.name === 'POST /v1/nfse' && s.attributes['fiscal.note_id'] === created.id,
    );
    expect(request, 'the request span names its note').toBeDefined();
    const traceId = request!.spanContext().traceId;
    expect(job.traceparent).toContain(traceId);
    const inTrace = spans.filter((s) => s.spanContext().traceId === traceId);

    // The request's statements: the note's insert (a named statement) and Prisma's reads.
    const statements = inTrace.filter((s) => parentOf(s) === idOf(request!) && s.kind === SpanKind.CLIENT);
    expect(statements.map((s) => s.name)).toContain('sql nfse_insert_new');
    expect(statements.some((s) => s.name.startsWith('prisma '))).toBe(true);

    // The request's Redis calls (in-process pub/sub and rate limit without REDIS_URL): its key's count, the publish.
    const system = usingRedis() ? 'redis' : 'local';
    const messaging = inTrace.filter((s) => s.attributes['db.system.name'] === system).map((s) => s.name);
    expect(messaging).toContain('rate_limit hit');
    expect(messaging).toContain('pubsub publish');

    // The worker's two runs of the job join the request's trace, each naming the note.
    const jobs = inTrace.filter((s) => s.name === 'job emitir');
    expect(jobs).toHaveLength(2);
    for (const span of jobs) {
      expect(span.kind).toBe(SpanKind.CONSUMER);
      expect(parentOf(span)).toBe(idOf(request!));
      expect(span.attributes['fiscal.note_id']).toBe(created.id);
    }

    // Each run called the authority (the national simulator) once, inside the job's span: 503, then authorised.
    const jobIds = new Set(jobs.map(idOf));
    const calls = inTrace.filter((s) => s.name === 'HTTP POST' && jobIds.has(parentOf(s)!));
    expect(calls.map((s) => s.attributes['http.response.status_code']).sort()).toEqual([201, 503]);
    for (const call of calls) {
      expect(call.kind).toBe(SpanKind.CLIENT);
      expect(call.attributes['fiscal.note_id']).toBe(created.id);
      expect(call.attributes['server.address']).toBe('127.0.0.1');
    }
    // The job's own statements are children of its span too.
    expect(inTrace.some((s) => jobIds.has(parentOf(s)!) && s.name.startsWith('prisma '))).toBe(true);
  });

  it('a GraphQL issuance is one trace too: the request span names the note, the authority call is its child', async () => {
    const res = await fetch(`${k.t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${k.account.testKey}` },
      body: JSON.stringify({
        query: 'mutation($input: NfseInput!) { issueNfse(input: $input) { __typename ... on Nfse { id status } } }',
        variables: {
          input: {
            empresaId: k.company.id,
            tomador: { documento: '52998224725', nome: 'Cliente' },
            valor: '10.00',
            servico: { descricao: 'Consultoria' },
          },
        },
      }),
    });
    const issued = ((await res.json()) as { data: { issueNfse: { __typename: string; id: string; status: string } } })
      .data.issueNfse;
    expect(issued).toMatchObject({ __typename: 'Nfse', status: 'autorizada' });
    const spans = exporter.getFinishedSpans();
    const request = spans.find(
      (s) => s.kind === SpanKind.SERVER && s.name === 'POST /graphql' && s.attributes['fiscal.note_id'] === issued.id,
    );
    expect(request, 'the GraphQL request span names its note').toBeDefined();
    const inTrace = spans.filter((s) => s.spanContext().traceId === request!.spanContext().traceId);
    const call = inTrace.find((s) => s.name === 'HTTP POST' && parentOf(s) === idOf(request!));
    expect(call?.attributes['http.response.status_code']).toBe(201);
    expect(inTrace.some((s) => parentOf(s) === idOf(request!) && s.name === 'sql nfse_insert_new')).toBe(true);
  });

  it('is opt-in: only the standard OTEL_* variables turn it on', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(
      false,
    );
    expect(tracingWanted({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'console' })).toBe(false);
  });
});
