type Listener = () => void;

/**
 * The deadline a claimed batch's attempts share (they start together), in the EventEmitter form undici takes as
 * a request's `signal` (`on`/`once`/`removeListener`, `aborted`, `reason`). An AbortSignal keeps its listeners in
 * a list that adding (to refuse a duplicate) and removing both walk: with a batch's hundreds of attempts each
 * attempt paid for the others. Here they are a Set, and the timer goes with the batch's last attempt.
 */
export class BatchDeadline {
  aborted = false;
  /** Once aborted: a TimeoutError whose message is what an attempt cut off by it records. */
  reason: Error | undefined = undefined;
  private readonly listeners = new Set<Listener>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly ms: number) {
    this.timer = setTimeout(() => this.expire(), ms);
    // Like AbortSignal.timeout: a pending deadline does not keep the process alive.
    this.timer.unref();
  }

  on(_event: 'abort', listener: Listener): this {
    this.listeners.add(listener);
    return this;
  }

  once(event: 'abort', listener: Listener): this {
    return this.on(event, listener);
  }

  removeListener(_event: 'abort', listener: Listener): this {
    this.listeners.delete(listener);
    return this;
  }

  /** Every attempt ended: nothing is left to abort. */
  clear(): void {
    clearTimeout(this.timer);
    this.listeners.clear();
  }

  private expire(): void {
    this.aborted = true;
    this.reason = new DOMException(`sem resposta em ${this.ms / 1000} segundos`, 'TimeoutError');
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener();
  }
}
