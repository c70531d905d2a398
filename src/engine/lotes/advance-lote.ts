import { isEngineError } from '../errors.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { announceEvents } from '../eventos/events-topic.js';
import { appendLoteConcluido, completeIfDone } from './lote-settlement.js';
import { issueLoteNotes } from './issue-lote-notes.js';
import { publishLote } from '../eventos/lote-topic.js';
import { validateLote } from './validate-lote.js';
import { holdLoteLease, LoteLeaseLost } from './hold-lote-lease.js';
import { leaseFrom } from './lease-from.js';

/**
 * Moves a batch whose lease this process holds as far as it goes by itself: validation, then note creation,
 * then — when every note already settled — completion. Transmission is the workers' (priority-1 jobs).
 * `lease` is the generation a worker's resumption took; without it (the request that queued the step) the
 * process takes the next one now. The heartbeat renews it while the step runs; a step that lost it stops.
 */
export async function advanceLote(deps: TransmissionDeps, loteId: string, lease?: number): Promise<void> {
  const held = lease ?? (await takeLease(deps, loteId));
  if (held === null) return;
  const heartbeat = holdLoteLease(deps, loteId, held);
  try {
    await advance(deps, loteId, held);
  } catch (err) {
    if (err instanceof LoteLeaseLost) {
      deps.logger.warn({ loteId }, 'batch lease lost: the process that took it over goes on with the batch');
      return;
    }
    if (!isEngineError(err)) throw err;
    // A domain refusal (the company lost its certificate, …) would refuse every retry too: the batch itself
    // cannot proceed (status `erro`). Notes already created go on transmitting.
    const [failed] = await deps.db.lote.updateManyAndReturn({
      where: { id: loteId, lease: held, status: { in: ['validando', 'processando'] } },
      data: {
        status: 'erro',
        erro: { codigo: err.codigo, mensagem: err.message },
        lockedUntil: null,
        updatedAt: deps.clock.now(),
      },
      select: { id: true, accountId: true, environment: true, companyId: true },
    });
    if (failed) await publishLote(deps, failed);
  } finally {
    heartbeat.stop();
  }
}

/** The next generation of a batch's pending step, with a fresh lease; null when no step is pending. */
async function takeLease(deps: TransmissionDeps, loteId: string): Promise<number | null> {
  const [taken] = await deps.db.lote.updateManyAndReturn({
    where: { id: loteId, lockedUntil: { not: null }, status: { in: ['validando', 'processando'] } },
    data: { lease: { increment: 1 }, lockedUntil: leaseFrom(deps) },
    select: { lease: true },
  });
  return taken?.lease ?? null;
}

async function advance(deps: TransmissionDeps, loteId: string, lease: number): Promise<void> {
  for (;;) {
    const lote = await deps.db.lote.findUnique({ where: { id: loteId } });
    if (!lote || lote.lockedUntil === null) return;
    if (lote.lease !== lease) throw new LoteLeaseLost(loteId);
    if (lote.status === 'validando') {
      await validateLote(deps, lote);
      continue;
    }
    if (lote.status === 'processando') await issueLoteNotes(deps, lote);
    await releaseLote(deps, loteId, lease);
    return;
  }
}

/** Ends the lease; the batch row lock makes this and a concurrent note settle agree on who completes it. */
async function releaseLote(deps: TransmissionDeps, loteId: string, lease: number) {
  const now = deps.clock.now();
  const concluded = await deps.db.$transaction(async (tx) => {
    const [lote] = await tx.lote.updateManyAndReturn({
      where: { id: loteId, lease },
      data: { lockedUntil: null, updatedAt: now },
    });
    const done = lote ? await completeIfDone(tx, lote, now) : null;
    if (done) await appendLoteConcluido(tx, done, lote!.accountId, lote!.environment, now);
    return done ? lote! : null;
  });
  if (concluded) {
    await publishLote(deps, concluded);
    await announceEvents(deps, concluded.accountId, concluded.environment);
  }
}

/** Runs `advanceLote` without making the caller wait; failures leave the lease to expire and a worker resumes. */
export function advanceInBackground(deps: TransmissionDeps, loteId: string): void {
  advanceLote(deps, loteId).catch((err) =>
    deps.logger.error({ err, loteId }, 'batch step failed; a worker will resume it'),
  );
}
