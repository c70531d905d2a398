import { setTimeout as sleep } from 'node:timers/promises';
import type { EngineDeps } from '../engine/engine-deps.js';
import { newId } from '../engine/nucleo/new-id.js';
import {
  claimScheduledRun,
  finishScheduledRun,
  renewScheduledRun,
  type ScheduledRun,
} from '../engine/nucleo/scheduled-run.js';

/** A job of the scheduler: its `scheduled_jobs` row, its period and what it runs. */
export interface ScheduledTask {
  name: string;
  everyMs: number;
  /** Where the job's row does not exist yet, its first run waits this long. */
  firstAfterMs?: number;
  /** The signal aborts when the process stops: a long job ends between two of its steps. */
  run(signal: AbortSignal): Promise<unknown>;
}

export interface SchedulerOptions {
  /** How often each job's row is looked at (at most its period); 15 s by default. */
  checkMs?: number;
  /**
   * The lease of a run, renewed every third of it while the run goes on; 9 s by default. Batch resumption runs
   * a crashed process's batch inside its run: a dead holder's run must pass on as soon as the batch's own lease
   * (10 s) does, or the batch waits for the run instead.
   */
  leaseMs?: number;
}

/**
 * The one place periodic work runs in a process: each job in a loop of its own (a long capture never delays a
 * purge), taken by one process at a time across all of them through its `scheduled_jobs` row
 * (claimScheduledRun). A process down at a job's due time finds it overdue and runs it once when it starts.
 * Nothing here runs inside the transmission or the webhook loops.
 */
export function startScheduler(
  deps: Pick<EngineDeps, 'db' | 'clock' | 'logger'>,
  tasks: ScheduledTask[],
  options: SchedulerOptions = {},
) {
  const owner = newId();
  const leaseMs = options.leaseMs ?? 9_000;
  const stopping = new AbortController();
  const loops = tasks.map(async (task) => {
    const run: ScheduledRun = {
      name: task.name,
      everyMs: task.everyMs,
      owner,
      leaseMs,
      firstAfterMs: task.firstAfterMs,
    };
    while (!stopping.signal.aborted) {
      try {
        if (await claimScheduledRun(deps, run)) await runHeld(deps, task, run, stopping.signal);
      } catch (err) {
        deps.logger.error({ err, job: task.name }, 'scheduled job could not be taken; trying again');
      }
      const wait = Math.min(task.everyMs, options.checkMs ?? 15_000);
      await sleep(wait, undefined, { signal: stopping.signal }).catch(() => {});
    }
  });
  return {
    /** Takes no further run and waits for the runs under way (they end between steps once the signal aborts). */
    stop: async () => {
      stopping.abort();
      await Promise.all(loops);
    },
  };
}

/** Runs a job it holds, renewing the lease meanwhile; a failed run is logged and waits for its next due time. */
async function runHeld(
  deps: Pick<EngineDeps, 'db' | 'clock' | 'logger'>,
  task: ScheduledTask,
  run: ScheduledRun,
  signal: AbortSignal,
): Promise<void> {
  const renewal = setInterval(() => {
    renewScheduledRun(deps, run).then(
      (held) => held || deps.logger.warn({ job: task.name }, 'scheduled job lease lost while running'),
      (err: unknown) => deps.logger.error({ err, job: task.name }, 'scheduled job lease not renewed'),
    );
  }, run.leaseMs / 3);
  try {
    await task.run(signal);
  } catch (err) {
    deps.logger.error({ err, job: task.name }, 'scheduled job failed; it runs again when next due');
  } finally {
    clearInterval(renewal);
    await finishScheduledRun(deps, run);
  }
}
