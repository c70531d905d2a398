import { backoff } from '../fila/backoff.js';
import { type JobPayload } from '../fila/job-payload.js';
import { Prisma, type TransmissionJob } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { DAY } from '../nucleo/clock.js';
import { presentNfe, type NfeView } from './present-nfe.js';
import { PENDING, transmitNfe, type LoadedNfe } from './transmit-nfe.js';
import { JOB_LEASE_MS } from '../fila/claim-jobs.js';
import { type TransmissionDeps } from '../transmission-deps.js';

/** The job kind of an NF-e; its `nfe_id` column holds the NF-e's id (the queue is shared with NFS-e jobs). */
export const NFE_JOB = 'nfe';

/**
 * The job created with a note by `POST /v1/nfe`, leased to that request, which transmits at once. If the process
 * dies the lease ends and a worker claims the job; transmitNfe then sends the SAME stored XML, and the authority's
 * duplicate answer (204) or the query by key of an `aguardando_confirmacao` note settles it without a second note.
 */
export function nfeJob(
  nfeId: string,
  now: Date,
  traceparent: string | null = null,
): Prisma.TransmissionJobUncheckedCreateInput {
  return {
    // Keyed by the note (one job per NF-e at a time): the request that created it runs it without reading it back.
    id: nfeId,
    nfeId,
    kind: NFE_JOB,
    priority: 0,
    runAt: now,
    attempts: 0,
    lockedUntil: new Date(now.getTime() + JOB_LEASE_MS),
    payload: {},
    createdAt: now,
    traceparent,
  };
}

/**
 * Automatic recovery of a lost answer stops this long after the note was created (as NFS-e recovery gives up
 * after 7 days): by then the authority either has the note (a query finds it) or an outage outlived any
 * retry, and a person has to look.
 */
export const CONFIRMATION_GIVE_UP_AFTER = 7 * DAY;

/**
 * One step of an NF-e's transmission: settled (autorizada, rejeitada, denegada) ends the job (transmitNfe, in
 * the settling statement); `loaded` is the note and A1 of the request that has just stored it. A lost answer
 * (`aguardando_confirmacao`) or an authoriser down (`transmitindo`, `contingencia_epec`) keeps it, to be claimed
 * again after the backoff. A lost answer is re-queried by key until CONFIRMATION_GIVE_UP_AFTER: then the job ends
 * and the note stays `aguardando_confirmacao` (NF-e has no failure status) with `aviso.codigo` =
 * `confirmacao_esgotada`, still readable and filterable.
 */
export async function runNfeJob(
  deps: Pick<TransmissionDeps, 'db' | 'sql' | 'clock' | 'logger' | 'secrets' | 'sefaz'>,
  job: Pick<TransmissionJob, 'id' | 'nfeId' | 'payload'>,
  loaded?: LoadedNfe,
): Promise<NfeView | null> {
  const view = await transmitNfe(deps, deps.sefaz, job.nfeId!, loaded);
  if (!view || !PENDING.includes(view.status)) return view;
  const now = deps.clock.now();
  if (
    view.status === 'aguardando_confirmacao' &&
    now.getTime() - Date.parse(view.criada_em) >= CONFIRMATION_GIVE_UP_AFTER
  ) {
    return finish(deps, job, await giveUp(deps, view, now));
  }
  const failures = ((job.payload ?? {}) as JobPayload).failures ?? 0;
  await deps.db.transmissionJob.updateMany({
    where: { id: job.id },
    data: {
      runAt: new Date(now.getTime() + backoff(failures)),
      lockedUntil: null,
      attempts: { increment: 1 },
      payload: { failures: failures + 1 } satisfies JobPayload,
    },
  });
  return view;
}

async function giveUp(deps: Pick<TransmissionDeps, 'db' | 'logger'>, view: NfeView, now: Date): Promise<NfeView> {
  deps.logger.warn(
    { nfeId: view.id, chave: view.chave_acesso, since: view.criada_em },
    'NF-e recovery gave up: the authority never confirmed the note; left aguardando_confirmacao with aviso confirmacao_esgotada',
  );
  await deps.db.nfe.updateMany({
    where: { id: view.id, status: 'aguardando_confirmacao', aviso: { equals: Prisma.DbNull } },
    data: {
      aviso: {
        codigo: 'confirmacao_esgotada',
        mensagem:
          'A SEFAZ não confirmou a NF-e em 7 dias de consultas; o serviço parou de consultar. Consulte a chave de acesso no portal da SEFAZ antes de emitir de novo.',
        desde: now.toISOString(),
      },
      updatedAt: now,
    },
  });
  return presentNfe(await deps.db.nfe.findUniqueOrThrow({ where: { id: view.id } }));
}

async function finish(
  deps: Pick<EngineDeps, 'db'>,
  job: Pick<TransmissionJob, 'id'>,
  view: NfeView | null,
): Promise<NfeView | null> {
  await deps.db.transmissionJob.deleteMany({ where: { id: job.id } });
  return view;
}
