import type { TransmissionDeps } from '../transmission-deps.js';
import { captureCompany, type CaptureOptions, type CaptureOutcome } from './capture-company.js';
import { claimCaptures, scheduleCaptures } from './schedule-captures.js';

/**
 * One capture tick of the worker role: schedule the companies, then run every due capture (a few companies at
 * a time). Tests call it directly with a FakeClock instead of waiting for the schedule.
 */
export async function runDueCaptures(
  deps: TransmissionDeps,
  options: CaptureOptions,
  concurrency = 4,
): Promise<CaptureOutcome[]> {
  await scheduleCaptures(deps);
  const outcomes: CaptureOutcome[] = [];
  for (;;) {
    const due = await claimCaptures(deps, concurrency);
    if (due.length === 0) return outcomes;
    const results = await Promise.all(
      due.map((state) =>
        captureCompany(deps, state, options).catch((err: unknown) => {
          // The lease expires and the company is taken again; the stored NSU is where the last commit left it.
          deps.logger.error({ err, companyId: state.companyId }, 'capture failed');
          return null;
        }),
      ),
    );
    outcomes.push(...results.filter((r): r is CaptureOutcome => r !== null));
  }
}
