import type { NfseEmailJob } from '../../../generated/prisma/client.js';
import { appendEvents } from '../../eventos/append-events.js';
import { presentNfse } from '../present-nfse.js';
import { publishNote, updateNote } from '../update-note.js';
import type { NfseEmailDeps } from './nfse-email-deps.js';

/** How one attempt ended: sent, failed (retried at `proxima`, or for good when null), or not sent at all. */
export type EmailAttempt =
  | { status: 'enviado'; destinatarios: string[] }
  | { status: 'falhou'; destinatarios: string[]; erro: string; proxima: Date | null }
  | { status: 'nao_enviado'; destinatarios: string[]; erro: string };

/**
 * Writes an attempt's outcome: the job (sent, waiting for its next attempt, or ended), a step on the note's
 * timeline (`email_enviado`, `email_falhou`, `email_nao_enviado`) and NFSE_EMAIL_ENVIADO or NFSE_EMAIL_FALHOU
 * (`dados`: the note plus `email`, the step's detail), in one transaction. Fenced by the lease generation: a
 * process whose lease ran out and was taken over writes nothing (false), as the job is someone else's now.
 */
export async function recordEmailAttempt(
  deps: NfseEmailDeps,
  job: NfseEmailJob,
  attempt: EmailAttempt,
): Promise<boolean> {
  const now = deps.clock.now();
  const proxima = attempt.status === 'falhou' ? attempt.proxima : null;
  const email = {
    id: job.id,
    motivo: job.motivo,
    destinatarios: attempt.destinatarios,
    tentativa: job.attempts,
    ...(attempt.status === 'enviado'
      ? {}
      : { erro: attempt.erro, proxima_tentativa_em: proxima?.toISOString() ?? null }),
  };
  const note = await deps.db.$transaction(async (tx) => {
    const { count } = await tx.nfseEmailJob.updateMany({
      where: { id: job.id, lease: job.lease },
      data: {
        status: proxima ? 'pendente' : attempt.status,
        destinatarios: attempt.destinatarios,
        lockedUntil: null,
        runAt: proxima ?? job.runAt,
        erro: attempt.status === 'enviado' ? null : attempt.erro,
        sentAt: attempt.status === 'enviado' ? now : null,
        updatedAt: now,
      },
    });
    if (count === 0) return null;
    const changed = await updateNote(
      deps,
      job.nfseId,
      { timeline: [{ tipo: `email_${attempt.status}`, detalhe: email }] },
      tx,
    );
    if (!changed) return null;
    await appendEvents(tx, {
      accountId: changed.accountId,
      environment: changed.environment as 'test',
      at: now,
      events: [
        {
          tipo: attempt.status === 'enviado' ? 'NFSE_EMAIL_ENVIADO' : 'NFSE_EMAIL_FALHOU',
          dados: { ...presentNfse(changed), email },
        },
      ],
    });
    return changed;
  });
  if (note) await publishNote(deps, note);
  return note !== null;
}
