import { appendEvents } from '../eventos/append-events.js';
import { announceEvents } from '../eventos/events-topic.js';
import { DAY, HOUR, MINUTE } from '../nucleo/clock.js';
import { newId } from '../nucleo/new-id.js';
import { runScheduledIfDue } from '../nucleo/scheduled-run.js';
import { discardRejectedNote } from './discard-nfe.js';
import { presentNfe } from './present-nfe.js';
import type { VoidDeps } from './void-nfe-numbers.js';

export const DESCARTE_CHECK_EVERY = 6 * HOUR;
/** NFE_DESCARTE_PROXIMO comes this many days before the automatic discard. */
export const DESCARTE_AVISO_DIAS = 3;
/** The discard check's row in scheduled_jobs. */
export const DESCARTE_JOB = 'nfe_descarte';
const BRASILIA_OFFSET = 3 * HOUR;
const AUTOMATICO = 'NF-e rejeitada e não corrigida; número inutilizado antes do prazo legal';

/**
 * The legal deadline of a skipped number: inutilização must be asked until the 10th day of the month after the
 * month of the number (Ajuste SINIEF 07/05, cláusula décima quarta).
 * The month is the note's creation month in Brasília time (its dhEmi). The service discards on the 9th, leaving
 * the 10th for retries if the authority is down, and warns DESCARTE_AVISO_DIAS days before (the 6th).
 */
export function descarteDates(createdAt: Date): { prazo: string; descarteEm: Date; avisoEm: Date } {
  const local = new Date(createdAt.getTime() - BRASILIA_OFFSET);
  const [y, m] = [local.getUTCFullYear(), local.getUTCMonth() + 1];
  const descarteEm = new Date(Date.UTC(y, m, 9) + BRASILIA_OFFSET);
  return {
    prazo: new Date(Date.UTC(y, m, 10)).toISOString().slice(0, 10),
    descarteEm,
    avisoEm: new Date(descarteEm.getTime() - DESCARTE_AVISO_DIAS * DAY),
  };
}

/** Runs discardForgottenNotes when its scheduled_jobs row is due on the injectable clock (as the readiness check). */
export async function runNfeDiscardsIfDue(deps: VoidDeps): Promise<{ avisadas: number; descartadas: number } | null> {
  const run = { name: DESCARTE_JOB, everyMs: DESCARTE_CHECK_EVERY, owner: newId(), leaseMs: 10 * MINUTE };
  return runScheduledIfDue(deps, run, () => discardForgottenNotes(deps));
}

/**
 * Forgotten rejected notes: every `rejeitada` note of an earlier month gets NFE_DESCARTE_PROXIMO once
 * (guarded by descarte_avisado_em across workers) from its warning day, and is discarded (number voided,
 * `descartada`, NFE_DESCARTADA) from its discard day. A failed discard is logged and tried again on the next run.
 */
export async function discardForgottenNotes(deps: VoidDeps): Promise<{ avisadas: number; descartadas: number }> {
  const now = deps.clock.now();
  const local = new Date(now.getTime() - BRASILIA_OFFSET);
  const monthStart = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) + BRASILIA_OFFSET);
  const notes = await deps.db.nfe.findMany({
    where: { status: 'rejeitada', createdAt: { lt: monthStart } },
    orderBy: { createdAt: 'asc' },
    take: 500,
  });
  let avisadas = 0;
  let descartadas = 0;
  for (const note of notes) {
    const dates = descarteDates(note.createdAt);
    if (now < dates.avisoEm) continue;
    if (note.descarteAvisadoEm === null) {
      const written = await deps.db.$transaction(async (tx) => {
        const { count } = await tx.nfe.updateMany({
          where: { id: note.id, status: 'rejeitada', descarteAvisadoEm: null },
          data: { descarteAvisadoEm: now },
        });
        if (count === 0) return false;
        const dados = {
          ...presentNfe(note),
          descarte_em: dates.descarteEm.toISOString(),
          prazo_inutilizacao: dates.prazo,
        };
        await appendEvents(tx, {
          accountId: note.accountId,
          environment: note.environment,
          at: now,
          events: [{ tipo: 'NFE_DESCARTE_PROXIMO', dados: dados }],
        });
        return true;
      });
      if (written) {
        avisadas++;
        await announceEvents(deps, note.accountId, note.environment);
      }
    }
    if (now < dates.descarteEm) continue;
    try {
      await discardRejectedNote(deps, note, AUTOMATICO);
      descartadas++;
    } catch (err) {
      deps.logger.error(
        { err, nfeId: note.id, prazo: dates.prazo },
        'automatic NF-e discard failed; retried on the next run',
      );
    }
  }
  if (avisadas || descartadas) deps.logger.info({ avisadas, descartadas }, 'forgotten rejected NF-e checked');
  return { avisadas, descartadas };
}
