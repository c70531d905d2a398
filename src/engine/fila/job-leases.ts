import type { EngineDeps } from '../engine-deps.js';
import { jobSettings } from './job-settings.js';
import type { LeasedJob } from './release-jobs.js';

/**
 * The leases of the jobs this process runs (a worker's claims, a request's first attempt), renewed together by a
 * heartbeat every `heartbeatMs` while any is held: a job slower than its lease keeps it, and a process that dies
 * stops renewing, so its jobs are claimable within one lease. One statement per beat for all the jobs held.
 *
 * Fail-closed: a renewal that finds a job's lease gone (it ran out and another process claimed the job) drops it
 * and says so; its runner's writes were already fenced by the lease generation (claim-jobs.ts), so the result of
 * a run that lost its lease is never committed as if it owned the job.
 */
export class JobLeases {
  private readonly held = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;

  constructor(private readonly deps: Pick<EngineDeps, 'db' | 'clock' | 'logger' | 'jobs'>) {}

  hold(job: LeasedJob): void {
    this.held.set(job.id, job.lease);
    if (!this.timer) {
      this.timer = setInterval(() => void this.beat(), jobSettings(this.deps).heartbeatMs);
      // Leases never keep a process alive: one that exits stops renewing, which is what ends its leases.
      this.timer.unref();
    }
  }

  drop(job: LeasedJob): void {
    if (this.held.get(job.id) === job.lease) this.held.delete(job.id);
    if (this.held.size === 0) this.stop();
  }

  get size(): number {
    return this.held.size;
  }

  /** Stops the heartbeat (a stopping process); the leases then run out unless released. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One beat now (the timer's, or a test's): the jobs whose lease was lost, dropped from those held. */
  async renew(): Promise<string[]> {
    if (this.held.size === 0) return [];
    const jobs = [...this.held].map(([id, lease]) => ({ id, lease }));
    const until = new Date(this.deps.clock.now().getTime() + jobSettings(this.deps).leaseMs);
    // Only a lease still held (not cleared by the runner's own reschedule or release) is extended. Lost: the job
    // carries another generation (claimed by another process); a job that ended meanwhile is not lost.
    const taken = await this.deps.db.$queryRaw<Array<{ id: string }>>`
      WITH h AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(jobs)}::jsonb) AS h(id uuid, lease int)),
      renewed AS (
        UPDATE transmission_jobs j SET locked_until = ${until} FROM h
        WHERE j.id = h.id AND j.lease = h.lease AND j.locked_until IS NOT NULL)
      SELECT h.id::text AS id FROM h JOIN transmission_jobs j ON j.id = h.id AND j.lease <> h.lease`;
    const lostIds = new Set(taken.map((r) => r.id));
    const lost = jobs.filter((j) => lostIds.has(j.id) && this.held.get(j.id) === j.lease);
    for (const job of lost) this.held.delete(job.id);
    if (lost.length > 0)
      this.deps.logger.warn(
        { jobs: lost.map((j) => j.id) },
        'job leases lost: their runs will not write their outcome; the jobs belong to whoever claimed them',
      );
    return lost.map((j) => j.id);
  }

  private async beat(): Promise<void> {
    if (this.beating) return;
    this.beating = this.renew()
      .then(() => undefined)
      .catch((err: unknown) => {
        // Fenced writes keep a run whose lease ran out meanwhile from committing; the next beat tries again.
        this.deps.logger.error({ err }, 'job lease renewal failed');
      })
      .finally(() => (this.beating = undefined));
    await this.beating;
  }
}
