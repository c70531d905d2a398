import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_CAPTURE_INTERVAL_MS } from '../engine/captura/schedule-captures.js';
import { runDueCaptures } from '../engine/captura/run-due-captures.js';
import { purgeEvents } from '../engine/eventos/purge-events.js';
import { purgeIdempotency } from '../engine/idempotencia/begin-idempotent.js';
import { resumeLotes } from '../engine/lotes/resume-lotes.js';
import { runNfeDiscardsIfDue } from '../engine/nfe/discard-forgotten-notes.js';
import { claimJobs } from '../engine/transmissao/claim-jobs.js';
import { NFE_JOB, runNfeJob } from '../engine/nfe/run-nfe-job.js';
import { readRound, runTransmissionJob, type ClaimedRound } from '../engine/nfse/transmissao/run-transmission-job.js';
import { flagProlongedNotes } from '../engine/nfse/transmissao/flag-prolonged-notes.js';
import type { TransmissionDeps } from '../engine/transmissao/transmission-deps.js';

export interface WorkerOptions {
  pollMs?: number;
  concurrency?: number;
  /** How often the 30-minute warning, the retention purges and the NF-e discard check run. */
  sweepMs?: number;
  /** Received-document capture: schedule per company (default hourly) and how often due captures are looked for. */
  captureIntervalMs?: number;
  /** 0 = no capture in this worker. */
  captureTickMs?: number;
}

/**
 * Jobs run at once by a worker process. The national calls are mostly waiting, so one process keeps its CPU busy
 * with many in flight; each round's notes and certificates are read in two statements (readRound) and its
 * authorisations written in one transaction (authorization-round.ts).
 */
export const TRANSMISSION_CONCURRENCY = 32;

/** Runs every due job now (tests drive time with a FakeClock and call this instead of waiting). */
export async function drainJobs(deps: TransmissionDeps, concurrency = TRANSMISSION_CONCURRENCY): Promise<number> {
  let total = 0;
  for (;;) {
    const jobs = await claimJobs(deps, concurrency);
    if (jobs.length === 0) return total;
    const round = await readRound(deps, jobs);
    await Promise.all(jobs.map((job) => runJobSafely(deps, job, round)));
    total += jobs.length;
  }
}

export async function sweep(deps: TransmissionDeps): Promise<void> {
  await flagProlongedNotes(deps);
  await purgeEvents(deps);
  await purgeIdempotency(deps);
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
        const ran = await drainJobs(deps, options.concurrency);
        if (ran === 0 && resumed === 0) await sleep(pollMs);
      } catch (err) {
        deps.logger.error({ err }, 'worker loop failed; retrying');
        await sleep(pollMs * 4);
      }
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      stopping.abort();
      await Promise.all([loop, captureLoop]);
    },
  };
}

async function runJobSafely(deps: TransmissionDeps, job: Parameters<typeof runTransmissionJob>[1], round: ClaimedRound) {
  try {
    if (job.kind === NFE_JOB) await runNfeJob(deps, job);
    else await runTransmissionJob(deps, job, undefined, round);
  } catch (err) {
    // The lease expires and the job is claimed again; nothing is lost.
    deps.logger.error({ err, jobId: job.id, nfseId: job.nfseId, nfeId: job.nfeId }, 'transmission job failed');
  } finally {
    round.authorizations.leave();
  }
}
