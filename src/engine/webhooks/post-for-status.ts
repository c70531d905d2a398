import type { Dispatcher, Pool } from 'undici';
import type { VolleyDeadline, Expirable } from './volley-deadline.js';

/** What an attempt's POST came to: the response status, or null with why there was none. */
export interface Outcome {
  status: number | null;
  erro: string | null;
}

// A receiver's answer is read only to free the connection for the next attempt; beyond this the connection is
// closed instead (the status already counts).
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs through undici's dispatch interface until `deadline`, keeping only the status: request() would build a
 * response stream and a promise per attempt for a body that is thrown away. Never rejects. A 3xx is an
 * answer, not followed (no redirect interceptor is installed).
 */
export function postForStatus(
  pool: Pool,
  request: { path: string; headers: string[]; body: string },
  deadline: VolleyDeadline,
): Promise<Outcome> {
  return new Promise((resolve) => {
    pool.dispatch(
      { method: 'POST', path: request.path, headers: request.headers, body: request.body },
      new StatusHandler(deadline, resolve),
    );
  });
}

class StatusHandler implements Dispatcher.DispatchHandler, Expirable {
  private abort: ((err?: Error) => void) | null = null;
  private status: number | null = null;
  private received = 0;
  private settled = false;

  constructor(
    private readonly deadline: VolleyDeadline,
    private readonly resolve: (outcome: Outcome) => void,
  ) {
    if (deadline.aborted) this.timedOut();
    else deadline.watch(this);
  }

  /** The volley's deadline passed. */
  expire(): void {
    if (this.settled) return;
    // A status line already read answered the attempt, however slow its body.
    if (this.status !== null) this.answered();
    else this.timedOut();
    // Still queued for a connection: onConnect aborts it when it gets one.
    this.abort?.(this.deadline.reason);
  }

  onConnect(abort: (err?: Error) => void): void {
    if (this.settled) abort(this.deadline.reason);
    else this.abort = abort;
  }

  onHeaders(statusCode: number): boolean {
    this.status = statusCode;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.received += chunk.length;
    if (this.received > MAX_RESPONSE_BYTES) this.abort?.(new Error('resposta longa demais'));
    return true;
  }

  onComplete(): void {
    this.answered();
  }

  onError(err: Error): void {
    // A body cut short after the status line still answered the attempt.
    if (this.status !== null) return this.answered();
    const e = err as NodeJS.ErrnoException;
    const code = e.code ?? (e.cause as NodeJS.ErrnoException | undefined)?.code;
    this.settle({ status: null, erro: `falha de conexão${code ? ` (${code})` : ''}` });
  }

  private timedOut(): void {
    this.settle({ status: null, erro: this.deadline.reason!.message });
  }

  private answered(): void {
    const status = this.status!;
    this.settle({ status, erro: status >= 300 && status < 400 ? 'redirecionamento não seguido' : null });
  }

  private settle(outcome: Outcome): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(outcome);
  }
}
