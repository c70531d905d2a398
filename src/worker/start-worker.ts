import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_CAPTURE_INTERVAL_MS } from '../engine/captura/schedule-captures.js';
import { runDueCaptures } from '../engine/captura/run-due-captures.js';
import { purgeEvents } from '../engine/eventos/purge-events.js';
import { purgeRequisicoes } from '../engine/contas/purge-requisicoes.js';
import { purgeIdempotency } from '../engine/idempotencia/begin-idempotent.js';
import { discardAbandonedLotes } from '../engine/lotes/discard-abandoned-lotes.js';
import { resumeLotes } from '../engine/lotes/resume-lotes.js';
import { runNfeDiscardsIfDue } from '../engine/nfe/discard-forgotten-notes.js';
import { claimJobs } from '../engine/fila/claim-jobs.js';
import { releaseJobs } from '../engine/fila/release-jobs.js';
import { rescheduleJob } from '../engine/fila/reschedule-job.js';
import { NFE_JOB, runNfeJob } from '../engine/nfe/run-nfe-job.js';
import { readRound, runTransmissionJob, type ClaimedRound } from '../engine/nfse/transmissao/run-transmission-job.js';
import { flagProlongedNotes } from '../engine/nfse/transmissao/flag-prolonged-notes.js';
import type { TransmissionDeps } from '../engine/transmission-deps.js';
import type { TransmissionJob } from '../generated/prisma/client.js';

export interface WorkerOptions {
  pollMs?: number;
  concurrency?: number;
  /** How often the 30-minute warning, the retention purges, the discard of abandoned batch receipts and the NF-e discard check run. */
  sweepMs?: number;
  /** Received-document capture: schedule per company (default hourly) and how often due captures are looked for. */
  captureIntervalMs?: number;
  /** 0 = no capture in this worker. */
  captureTickMs?: number;
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
 * Jobs run at once by a worker process. The national calls are mostly waiting, so one process keeps its CPU busy
 * with many in flight; each round's notes and certificates are read in two statements (readRound) and its
 * authorisations written in one transaction (authorization-round.ts).
 */
export const TRANSMISSION_CONCURRENCY = 32;

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

export async function sweep(deps: TransmissionDeps): Promise<void> {
  await flagProlongedNotes(deps);
  await purgeEvents(deps);
  await purgeRequisicoes(deps);
  await purgeIdempotency(deps);
  await discardAbandonedLotes(deps);
  // Forgotten rejected NF-e: due every 6 hours on the clock; here because voiding needs the SEFAZ gateway.
  await runNfeDiscardsIfDue(deps);
}

/** The worker role: claims jobs in a loop and sweeps periodically. Resumes from the database after a crash. */
export function startWorker(deps: TransmissionDeps, options: WorkerOptions = {}) {
  const pollMs = options.pollMs ?? 250;
  const sweepMs = options.sweepMs ?? 60_000;
  let stopped = false;
  let lastSweep = 0;
  const stopping = new AbortController();
  /** Jobs claimed and not yet done: what a stop past its deadline gives back. */
  const held = new Map<string, TransmissionJob>();
  const hooks: DrainHooks = { stopping: () => stopped, held, onJobDone: options.onJobDone };
  // Capture runs in a loop of its own: a long first capture (thousands of documents) never delays transmissions.
  const captureTickMs = options.captureTickMs ?? 30_000;
  const captureLoop = (async () => {
    while (!stopped && captureTickMs > 0) {
      // The first tick waits too: a starting process recovers its transmissions before capturing.
      await sleep(captureTickMs, undefined, { signal: stopping.signal }).catch(() => {});
      if (stopped) break;
      try {
        await runDueCaptures(deps, { intervalMs: options.captureIntervalMs ?? DEFAULT_CAPTURE_INTERVAL_MS });
      } catch (err) {
        deps.logger.error({ err }, 'capture tick failed; retrying');
      }
    }
  })();
  const loop = (async () => {
    while (!stopped) {
      try {
        if (Date.now() - lastSweep >= sweepMs) {
          lastSweep = Date.now();
          await sweep(deps);
        }
        const resumed = await resumeLotes(deps);
        if (stopped) break;
        const ran = await drainJobs(deps, options.concurrency, hooks);
        if (ran === 0 && resumed === 0) await sleep(pollMs, undefined, { signal: stopping.signal }).catch(() => {});
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
      const done = Promise.all([loop, captureLoop]).then(() => true);
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

async function runJobSafely(
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
