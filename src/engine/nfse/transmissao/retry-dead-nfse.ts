import { Prisma } from '../../../generated/prisma/client.js';
import { reviveDeadJob } from '../../fila/revive-dead-job.js';
import { EngineError } from '../../errors.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import type { NfseWithTimeline } from '../present-nfse.js';
import { publishNote, updateNote } from '../update-note.js';

/**
 * An operator's retry of an NFS-e whose job gave up (`falha_transmissao` by attempts or the recovery limit): the
 * note goes back to `transmitindo` and its job is due now, with fresh attempts and a fresh recovery limit. The job
 * still knows whether a DPS may have arrived, so the DPS is queried before any resend: a retry never yields a
 * second note. Not an API transition (the status is final through the API): an operator's, from the CLI or the
 * panel.
 */
export async function retryDeadNfse(
  deps: Pick<TransmissionDeps, 'db' | 'clock' | 'pubsub' | 'lotes'>,
  jobId: string,
): Promise<NfseWithTimeline> {
  const now = deps.clock.now();
  const note = await deps.db.$transaction(async (tx) => {
    const job = await reviveDeadJob(tx, jobId, now);
    // Another document's job, or none dead: rolled back.
    if (!job?.nfseId) throw notFound(jobId);
    const reopened = await updateNote(
      deps,
      job.nfseId,
      {
        expectStatus: 'falha_transmissao',
        data: { status: 'transmitindo', falha: Prisma.DbNull },
        timeline: [{ tipo: 'nova_tentativa', detalhe: { por: 'operador' } }],
      },
      tx,
    );
    // A note that left falha_transmissao some other way keeps its status; its job is not revived.
    if (!reopened) throw new EngineError('conflito', `A nota ${job.nfseId} não está em falha_transmissao.`);
    return reopened;
  });
  await publishNote(deps, note);
  return note;
}

const notFound = (jobId: string) =>
  new EngineError('nao_encontrado', `Nenhuma transmissão de NFS-e desistida com o id ${jobId}.`, {
    correcao: 'Liste as transmissões desistidas e use o id de uma delas.',
  });
