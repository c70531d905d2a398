import type { EngineDeps } from '../../engine-deps.js';
import { MINUTE } from '../../nucleo/clock.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { updateNote } from '../update-note.js';

export const PROLONGED_AFTER = 30 * MINUTE;

/**
 * Notes still `transmitindo` after 30 minutes get `aviso.codigo = processamento_prolongado` and the event
 * NFSE_PROCESSAMENTO_PROLONGADO, once (the `aviso IS NULL` guard holds across concurrent workers). A note
 * confirmed after `aguardando_confirmacao` counts its 30 minutes from the confirmation: the time it waited for
 * the caller was not spent in transmission.
 */
export async function flagProlongedNotes(deps: Pick<EngineDeps, 'db' | 'clock' | 'pubsub' | 'lotes'>): Promise<number> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - PROLONGED_AFTER);
  const candidates = await deps.db.nfse.findMany({
    where: { status: 'transmitindo', createdAt: { lte: since }, aviso: { equals: Prisma.DbNull } },
    select: { id: true, createdAt: true, timeline: { where: { tipo: 'confirmada' }, select: { at: true } } },
    take: 500,
  });
  const due = candidates
    .map((n) => ({
      id: n.id,
      desde: new Date(Math.max(n.createdAt.getTime(), ...n.timeline.map((t) => t.at.getTime()))),
    }))
    .filter((n) => n.desde <= since);
  let flagged = 0;
  for (const note of due) {
    const changed = await updateNote(deps, note.id, {
      expectStatus: 'transmitindo',
      where: { aviso: { equals: Prisma.DbNull } },
      data: {
        aviso: {
          codigo: 'processamento_prolongado',
          mensagem:
            'A nota está em transmissão há mais de 30 minutos; o serviço continua tentando e consulta a DPS antes de qualquer reenvio.',
          desde: note.desde.toISOString(),
        },
      },
      timeline: [{ tipo: 'processamento_prolongado' }],
      event: 'NFSE_PROCESSAMENTO_PROLONGADO',
    });
    if (changed) flagged++;
  }
  return flagged;
}
