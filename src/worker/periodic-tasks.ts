import { runDueCaptures } from '../engine/captura/run-due-captures.js';
import { purgeRequisicoes } from '../engine/contas/purge-requisicoes.js';
import { purgeEvents } from '../engine/eventos/purge-events.js';
import { purgeIdempotency } from '../engine/idempotencia/begin-idempotent.js';
import { discardAbandonedLotes } from '../engine/lotes/discard-abandoned-lotes.js';
import { resumeLotes } from '../engine/lotes/resume-lotes.js';
import type { ChunkOptions } from '../engine/nucleo/delete-in-chunks.js';
import {
  DESCARTE_CHECK_EVERY,
  DESCARTE_JOB,
  discardForgottenNotes,
  runNfeDiscardsIfDue,
} from '../engine/nfe/discard-forgotten-notes.js';
import { flagProlongedNotes } from '../engine/nfse/transmissao/flag-prolonged-notes.js';
import {
  checkReadinessChanges,
  READINESS_CHECK_EVERY,
  READINESS_JOB,
} from '../engine/prontidao/check-readiness-changes.js';
import type { TransmissionDeps } from '../engine/transmission-deps.js';
import type { ScheduledTask } from './start-scheduler.js';

/** The periods of the scheduler's jobs that operators may change (docs/configuracao.md). */
export interface PeriodicSettings {
  /** The 30-minute warning and the discard of abandoned batch receipts. */
  sweepMs: number;
  /** The retention purges (events, request log, idempotency records). */
  purgeMs: number;
  purgeChunkRows: number;
  /** How often batches whose process died are looked for. */
  loteResumeMs: number;
  /** Received-document capture: each company's schedule, and how often due captures are looked for (0 = none). */
  captureIntervalMs: number;
  captureTickMs: number;
}

/**
 * Every periodic job of the worker role, for startScheduler: one `scheduled_jobs` row each, so each runs in one
 * process at a time whatever the number of workers. The 6-hourly checks keep their rows' names.
 */
export function periodicTasks(deps: TransmissionDeps, settings: PeriodicSettings): ScheduledTask[] {
  const tasks: ScheduledTask[] = [
    { name: READINESS_JOB, everyMs: READINESS_CHECK_EVERY, run: () => checkReadinessChanges(deps) },
    // Forgotten rejected NF-e; in the worker because voiding needs the SEFAZ gateway.
    { name: DESCARTE_JOB, everyMs: DESCARTE_CHECK_EVERY, run: () => discardForgottenNotes(deps) },
    { name: 'processamento_prolongado', everyMs: settings.sweepMs, run: () => flagProlongedNotes(deps) },
    { name: 'lotes_abandonados', everyMs: settings.sweepMs, run: () => discardAbandonedLotes(deps) },
    {
      name: 'expurgo',
      everyMs: settings.purgeMs,
      run: (signal) => purgeAll(deps, { chunkRows: settings.purgeChunkRows, signal }),
    },
    {
      name: 'lotes_retomada',
      everyMs: settings.loteResumeMs,
      run: async (signal) => {
        while (!signal.aborted && (await resumeLotes(deps)) > 0);
      },
    },
  ];
  if (settings.captureTickMs > 0)
    tasks.push({
      name: 'captura',
      everyMs: settings.captureTickMs,
      // A starting cluster recovers its transmissions before its first capture.
      firstAfterMs: settings.captureTickMs,
      run: () => runDueCaptures(deps, { intervalMs: settings.captureIntervalMs }),
    });
  return tasks;
}

/** The retention purges, each in chunks. */
async function purgeAll(deps: TransmissionDeps, options: ChunkOptions) {
  const events = await purgeEvents(deps, options);
  const requestLog = await purgeRequisicoes(deps, options);
  const idempotency = await purgeIdempotency(deps, options);
  if (events + requestLog + idempotency > 0) deps.logger.info({ events, requestLog, idempotency }, 'purge done');
}

/**
 * The housekeeping jobs once now, whatever their schedule (tests drive time with a FakeClock and call this):
 * the 30-minute warning, the purges, the discard of abandoned batch receipts and the NF-e discard check (when due on the clock).
 */
export async function sweep(deps: TransmissionDeps): Promise<void> {
  await flagProlongedNotes(deps);
  await purgeAll(deps, {});
  await discardAbandonedLotes(deps);
  await runNfeDiscardsIfDue(deps);
}
