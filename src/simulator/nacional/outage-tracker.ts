/**
 * "indisponibilidade": 503 for the first N calls (or for a duration) concerning one subject — the DPS Id for
 * emission and DPS queries, the access key for note and event routes — then normal answers for good. Keying by
 * subject keeps the outage finite even though our client sends the same scenario header on every retry.
 * `start('*', …)` opens a global outage (every route, any header) for tests.
 */
export interface OutageWindow {
  remainingCalls?: number;
  untilMs?: number;
}

export class OutageTracker {
  private readonly windows = new Map<string, OutageWindow>();

  constructor(private readonly now: () => number) {}

  start(subject: string, spec: { calls?: number; ms?: number }): void {
    this.windows.set(subject, {
      remainingCalls: spec.ms === undefined ? spec.calls : undefined,
      untilMs: spec.ms === undefined ? undefined : this.now() + spec.ms,
    });
  }

  /** Opens the subject's window on first sight (when `spec` is given) and tells whether this call gets a 503. */
  consume(subject: string, spec?: { calls?: number; ms?: number }): boolean {
    if (this.consumeWindow('*')) return true;
    if (spec && !this.windows.has(subject)) this.start(subject, spec);
    return this.consumeWindow(subject);
  }

  private consumeWindow(subject: string): boolean {
    const w = this.windows.get(subject);
    if (!w) return false;
    if (w.untilMs !== undefined) return this.now() < w.untilMs;
    if ((w.remainingCalls ?? 0) <= 0) return false;
    w.remainingCalls = (w.remainingCalls ?? 0) - 1;
    return true;
  }
}
