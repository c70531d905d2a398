/** A job as the trace port reads it: its note and the trace that queued it. */
export interface TracedJob {
  id: string;
  kind: string;
  nfseId: string | null;
  nfeId: string | null;
  traceparent: string | null;
}

/**
 * Where the engine meets tracing and the log's context, without knowing either: the work a request leaves for a
 * worker keeps the request's trace (`traceparent`, stored on the job), and a worker runs each job inside that
 * trace, its log lines naming the job and its note.
 */
export interface TracePort {
  /** The W3C traceparent of the trace running now; null where tracing is off or nothing is traced. */
  traceparent(): string | null;
  /** Runs one job's step inside the trace that queued it, with the job and its note as the context of its logs. */
  runJob<T>(job: TracedJob, run: () => Promise<T>): Promise<T>;
}
