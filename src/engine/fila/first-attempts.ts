import type { EngineDeps } from '../engine-deps.js';
import { releaseJobs, type LeasedJob } from './release-jobs.js';

/**
 * The first attempts a request starts and does not wait for (Prefer: wait=0, or past its wait): they run after
 * the response, under their job's lease. A stopping process waits for them like for requests in flight, and gives
 * back the leases of those still running at its deadline, so a worker takes them over at once instead of after the
 * lease (the job says `mayHaveSent`: the DPS is queried before any resend).
 */
export class FirstAttempts {
  private readonly running = new Map<Promise<unknown>, LeasedJob>();

  track(job: LeasedJob, attempt: Promise<unknown>): void {
    const settled = attempt.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(settled, { id: job.id, lockedUntil: job.lockedUntil });
    void settled.then(() => this.running.delete(settled));
  }

  get size(): number {
    return this.running.size;
  }

  /** Waits for the attempts running now until `deadline` (epoch ms); releases the jobs of those still running. */
  async settle(deps: Pick<EngineDeps, 'db' | 'logger'>, deadline: number): Promise<void> {
    if (this.running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))));
    await Promise.race([Promise.all(this.running.keys()), late]);
    clearTimeout(timer);
    const left = [...this.running.values()];
    if (left.length === 0) return;
    const released = await releaseJobs(deps, left).catch((err: unknown) => {
      deps.logger.error({ err }, 'could not release the first attempts still running; their leases will expire');
      return 0;
    });
    deps.logger.warn(
      { running: left.length, released },
      'stop deadline reached: first attempts in flight released to the workers',
    );
  }
}
