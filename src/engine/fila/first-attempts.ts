import type { EngineDeps } from '../engine-deps.js';
import type { JobLeases } from './job-leases.js';
import { releaseJobs, type LeasedJob } from './release-jobs.js';

/**
 * The first attempts a request starts and does not wait for (Prefer: wait=0, or past its wait): they run after
 * the response, under their job's lease, which the process's heartbeat renews while they run. A stopping process waits for them like for requests in flight, and gives
 * back the leases of those still running at its deadline, so a worker takes them over at once instead of after the
 * lease (the job says `mayHaveSent`: the DPS is queried before any resend).
 */
export class FirstAttempts {
  private readonly running = new Map<Promise<unknown>, LeasedJob>();

  constructor(private readonly leases?: JobLeases) {}

  track(job: LeasedJob, attempt: Promise<unknown>): void {
    const leased = { id: job.id, lease: job.lease };
    this.leases?.hold(leased);
    const settled = attempt.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(settled, leased);
    void settled.then(() => {
      this.running.delete(settled);
      this.leases?.drop(leased);
    });
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
    // Released, they are no longer this process's to renew.
    for (const job of left) this.leases?.drop(job);
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
