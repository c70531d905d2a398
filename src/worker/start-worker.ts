import { setTimeout as sleep } from 'node:timers/promises';
import { claimJobs } from '../engine/fila/claim-jobs.js';
import { releaseJobs } from '../engine/fila/release-jobs.js';
import { rescheduleJob } from '../engine/fila/reschedule-job.js';
import { NFE_JOB, runNfeJob } from '../engine/nfe/run-nfe-job.js';
import { readRound, runTransmissionJob, type ClaimedRound } from '../engine/nfse/transmissao/run-transmission-job.js';
import type { TransmissionDeps } from '../engine/transmission-deps.js';
import type { TransmissionJob } from '../generated/prisma/client.js';

export interface WorkerOptions {
  pollMs?: number;
  concurrency?: number;
  /** Sees each transmission job this worker ran: from its claim to the end of the step (settled or rescheduled). */
  onJobDone?: JobObserver;
}

export type JobOutcome = 'settled' | 'rescheduled' | 'error';
export type JobObserver = (kind: 'nfse' | 'nfe', outcome: JobOutcome, seconds: number) => void;

/** What drainJobs reports to a worker: the jobs it holds (released if the worker stops before they end). */
export interface DrainHooks {
  /** Checked before each claim: once it says stop, no further job is claimed. */
  stopping?: () => boolean;
  held?: Map<string, TransmissionJob>;
  onJobDone?: JobObserver;
}

/**
 * Jobs a worker process claims in one round and runs at once. The national calls are mostly waiting, so one process
 * keeps its CPU busy with many in flight; each round's notes and certificates are read in two statements
 * (readRound) and its authorisations written in one transaction (authorization-round.ts). A round is also what a
 * lot is made of (plan-lots.ts): it claims as many jobs as the largest lot a city takes (São Paulo's and the ABRASF
 * lots: 50 RPS), so a batch's lots are full when that many notes wait.
 */
export const TRANSMISSION_CONCURRENCY = 50;

/**
 * Runs every due job now (tests drive time with a FakeClock and call this instead of waiting). The leases of the
 * jobs it runs are renewed by the process's heartbeat (EngineDeps.leases) until each ends.
 */
export async function drainJobs(
  deps: TransmissionDeps,
  concurrency = TRANSMISSION_CONCURRENCY,
  hooks: DrainHooks = {},
): Promise<number> {
  let total = 0;
  for (;;) {
    if (hooks.stopping?.()) return total;
    const jobs = await claimJobs(deps, concurrency);
    if (jobs.length === 0) return total;
    const claimedAt = performance.now();
    for (const job of jobs) {
      hooks.held?.set(job.id, job);
      deps.leases?.hold(job);
    }
    try {
      const claimed: ClaimedJobs = { round: await readRound(deps, jobs), claimedAt, onJobDone: hooks.onJobDone };
      await Promise.all(jobs.map((job) => runJobSafely(deps, job, claimed)));
    } finally {
      for (const job of jobs) {
        hooks.held?.delete(job.id);
        deps.leases?.drop(job);
      }
    }
    total += jobs.length;
  }
}

/**
 * The worker role's transmissions: claims jobs in a loop. Resumes from the database after a crash. Periodic work
 * (purges, captures, batch resumption) runs in the scheduler (start-scheduler.ts), never in this loop.
 */
export function startWorker(deps: TransmissionDeps, options: WorkerOptions = {}) {
  const pollMs = options.pollMs ?? 250;
  let stopped = false;
  const stopping = new AbortController();
  /** Jobs claimed and not yet done: what a stop past its deadline gives back. */
  const held = new Map<string, TransmissionJob>();
  const hooks: DrainHooks = { stopping: () => stopped, held, onJobDone: options.onJobDone };
  const loop = (async () => {
    while (!stopped) {
      try {
        const ran = await drainJobs(deps, options.concurrency, hooks);
        if (ran === 0) await sleep(pollMs, undefined, { signal: stopping.signal }).catch(() => {});
      } catch (err) {
        deps.logger.error({ err }, 'worker loop failed; retrying');
        await sleep(pollMs * 4, undefined, { signal: stopping.signal }).catch(() => {});
      }
    }
  })();
  return {
    /**
     * Claims nothing more and waits for the jobs it holds. With a deadline (epoch ms), jobs still running then are
     * released (their lease ends now, so another worker takes them at once) and stop returns without them.
     */
    stop: async (deadline?: number) => {
      stopped = true;
      stopping.abort();
      const done = loop.then(() => true);
      if (deadline === undefined) return void (await done);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>(
        (resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()), false)),
      );
      const finished = await Promise.race([done, late]);
      clearTimeout(timer);
      if (finished) return;
      const jobs = [...held.values()];
      for (const job of jobs) deps.leases?.drop(job);
      const released = await releaseJobs(deps, jobs).catch((err: unknown) => {
        deps.logger.error({ err }, 'could not release the jobs held; their leases will expire');
        return 0;
      });
      deps.logger.warn(
        { held: jobs.length, released },
        'stop deadline reached: jobs in flight released to other workers',
      );
    },
  };
}

/** One claim's jobs as each of them runs: the round read for them, when they were claimed, who sees them end. */
interface ClaimedJobs {
  round: ClaimedRound;
  claimedAt: number;
  onJobDone?: JobObserver;
}

/** One job, inside the trace that queued it and with the job and its note in its log lines (EngineDeps.trace). */
function runJobSafely(deps: TransmissionDeps, job: TransmissionJob, claimed: ClaimedJobs): Promise<void> {
  const run = () => runClaimedJob(deps, job, claimed);
  return deps.trace ? deps.trace.runJob(job, run) : run();
}

async function runClaimedJob(
  deps: TransmissionDeps,
  job: TransmissionJob,
  { round, claimedAt, onJobDone }: ClaimedJobs,
) {
  let outcome: JobOutcome = 'error';
  try {
    const settled =
      job.kind === NFE_JOB ? await runNfeJob(deps, job) : await runTransmissionJob(deps, job, undefined, round);
    // A step that leaves the note pending (lost answer, outage) has rescheduled its job.
    outcome = settled && !PENDING_STATUSES.has(settled.status) ? 'settled' : 'rescheduled';
  } catch (err) {
    // Retried after the backoff of its attempts, like any failure, until they are spent (the claim that finds
    // them spent moves the job to the dead state); nothing is lost.
    deps.logger.error({ err, jobId: job.id, nfseId: job.nfseId, nfeId: job.nfeId }, 'transmission job failed');
    await rescheduleJob(deps, deps.db, job, { failures: job.attempts - 1 }).catch((failed: unknown) => {
      deps.logger.error({ err: failed, jobId: job.id }, 'could not reschedule the failed job; its lease will expire');
    });
  } finally {
    round.authorizations.leave();
    onJobDone?.(job.kind === NFE_JOB ? 'nfe' : 'nfse', outcome, (performance.now() - claimedAt) / 1000);
  }
}

/** Statuses of a note whose transmission is not over (NFS-e and NF-e). */
const PENDING_STATUSES = new Set(['transmitindo', 'aguardando_confirmacao', 'contingencia_epec']);
