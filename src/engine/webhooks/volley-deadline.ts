/** What a deadline stops when its time is up: an attempt still waiting for its answer. */
export interface Expirable {
  expire(): void;
}

/**
 * The deadline a volley's attempts share (they start together): one timer for the volley instead of one
 * per attempt. Attempts are kept in a plain list and never taken out, since removing each finished one would
 * cost more per attempt than everything else the deadline does: one that ends first ignores a later expire(),
 * and the volley's last attempt clears the list with the timer.
 */
export class VolleyDeadline {
  /** Once the time is up: a TimeoutError whose message is what an attempt cut off by it records. */
  reason: Error | undefined = undefined;
  private watching: Expirable[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly ms: number) {
    this.timer = setTimeout(() => this.expire(), ms);
    // Like AbortSignal.timeout: a pending deadline does not keep the process alive.
    this.timer.unref();
  }

  get aborted(): boolean {
    return this.reason !== undefined;
  }

  /** `attempt.expire()` is called when the time is up, unless the deadline is cleared first. */
  watch(attempt: Expirable): void {
    this.watching.push(attempt);
  }

  /** Every attempt ended: nothing is left to stop. */
  clear(): void {
    clearTimeout(this.timer);
    this.watching = [];
  }

  private expire(): void {
    this.reason = new DOMException(`sem resposta em ${this.ms / 1000} segundos`, 'TimeoutError');
    const watching = this.watching;
    this.watching = [];
    for (const attempt of watching) attempt.expire();
  }
}
