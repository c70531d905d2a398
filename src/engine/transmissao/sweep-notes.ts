import type { EngineDeps } from '../deps.js';
import { MINUTE } from '../kernel/clock.js';
import { Prisma } from '../../generated/prisma/client.js';
import { updateNote } from '../nfse/update-note.js';

export const PROLONGED_AFTER = 30 * MINUTE;

/**
 * Notes still `transmitindo` after 30 minutes get `aviso.codigo = processamento_prolongado` and the event
 * NFSE_PROCESSAMENTO_PROLONGADO, once (the `aviso IS NULL` guard holds across concurrent workers).
 */
export async function flagProlongedNotes(deps: Pick<EngineDeps, 'db' | 'clock' | 'pubsub'>): Promise<number> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - PROLONGED_AFTER);
  const due = await deps.db.nfse.findMany({
    where: { status: 'transmitindo', createdAt: { lte: since }, aviso: { equals: Prisma.DbNull } },
    select: { id: true, createdAt: true },
    take: 500,
  });
  let flagged = 0;
  for (const note of due) {
    const changed = await updateNote(deps, note.id, {
      expectStatus: 'transmitindo',
      where: { aviso: { equals: Prisma.DbNull } },
      data: {
        aviso: {
          codigo: 'processamento_prolongado',
          mensagem: 'A nota está em transmissão há mais de 30 minutos; o serviço continua tentando e consulta a DPS antes de qualquer reenvio.',
          desde: note.createdAt.toISOString(),
        },
      },
      timeline: [{ tipo: 'processamento_prolongado' }],
      event: 'NFSE_PROCESSAMENTO_PROLONGADO',
    });
    if (changed) flagged++;
  }
  return flagged;
}
