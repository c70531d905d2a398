import type { Prisma, TransmissionJob } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../deps.js';
import type { NfeView } from '../nfe/present-nfe.js';
import { PENDING, transmitNfe } from '../nfe/transmit-nfe.js';
import { JOB_LEASE_MS } from './claim-jobs.js';
import { backoff, type JobPayload, type TransmissionDeps } from './transmission-deps.js';

/** The job kind of an NF-e; its `nfse_id` column holds the NF-e's id (the queue is shared with NFS-e jobs). */
export const NFE_JOB = 'nfe';

/**
 * The job created with a note by `POST /v1/nfe`, leased to that request, which transmits at once. If the process
 * dies the lease ends and a worker claims the job; transmitNfe then sends the SAME stored XML, and the authority's
 * duplicate answer (204) or the query by key of an `aguardando_confirmacao` note settles it without a second note.
 */
export function nfeJob(nfeId: string, now: Date): Prisma.TransmissionJobUncheckedCreateInput {
  return {
    // Keyed by the note (one job per NF-e at a time): the request that created it runs it without reading it back.
    id: nfeId,
    nfseId: nfeId,
    kind: NFE_JOB,
    priority: 0,
    runAt: now,
    attempts: 0,
    lockedUntil: new Date(now.getTime() + JOB_LEASE_MS),
    payload: {},
    createdAt: now,
  };
}

/**
 * One step of an NF-e's transmission: settled (autorizada, rejeitada, denegada) ends the job; a lost answer
 * (`aguardando_confirmacao`) or an authoriser down (`transmitindo`, `contingencia_epec`) keeps it, to be claimed
 * again after the backoff.
 */
export async function runNfeJob(
  deps: Pick<TransmissionDeps, 'db' | 'clock' | 'logger' | 'secrets' | 'sefaz'>,
  job: Pick<TransmissionJob, 'id' | 'nfseId' | 'payload'>,
): Promise<NfeView | null> {
  const view = await transmitNfe(deps, deps.sefaz, job.nfseId);
  if (!view || !PENDING.includes(view.status)) return finish(deps, job, view);
  const failures = ((job.payload ?? {}) as JobPayload).failures ?? 0;
  await deps.db.transmissionJob.updateMany({
    where: { id: job.id },
    data: {
      runAt: new Date(deps.clock.now().getTime() + backoff(failures)),
      lockedUntil: null,
      attempts: { increment: 1 },
      payload: { failures: failures + 1 } satisfies JobPayload,
    },
  });
  return view;
}

async function finish(deps: Pick<EngineDeps, 'db'>, job: Pick<TransmissionJob, 'id'>, view: NfeView | null): Promise<NfeView | null> {
  await deps.db.transmissionJob.deleteMany({ where: { id: job.id } });
  return view;
}
