import { Prisma } from '../../generated/prisma/client.js';
import { reviveDeadJob } from '../fila/revive-dead-job.js';
import { EngineError } from '../errors.js';
import type { EngineDeps } from '../engine-deps.js';
import { presentNfe, type NfeView } from './present-nfe.js';
import { TRANSMISSION_GIVEN_UP } from './run-nfe-job.js';

/**
 * An operator's retry of an NF-e whose job gave up (its `aviso` says `transmissao_esgotada`): the job is due now,
 * with fresh attempts, and the warning is cleared. The note kept its pending status, and transmitNfe sends the
 * same stored XML or queries by key, so a retry never yields a second note.
 */
export async function retryDeadNfe(deps: Pick<EngineDeps, 'db' | 'clock'>, jobId: string): Promise<NfeView> {
  const now = deps.clock.now();
  const note = await deps.db.$transaction(async (tx) => {
    const job = await reviveDeadJob(tx, jobId, now);
    // Another document's job, or none dead: rolled back.
    if (!job?.nfeId) throw notFound(jobId);
    await tx.nfe.updateMany({
      where: { id: job.nfeId, aviso: { path: ['codigo'], equals: TRANSMISSION_GIVEN_UP } },
      data: { aviso: Prisma.DbNull, updatedAt: now },
    });
    return tx.nfe.findUniqueOrThrow({ where: { id: job.nfeId } });
  });
  return presentNfe(note);
}

const notFound = (jobId: string) =>
  new EngineError('nao_encontrado', `Nenhuma transmissão de NF-e desistida com o id ${jobId}.`, {
    correcao: 'Liste as transmissões desistidas e use o id de uma delas.',
  });
