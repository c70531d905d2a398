import { endJob } from '../fila/end-job.js';
import { type JobPayload } from '../fila/job-payload.js';
import { jobSettings } from '../fila/job-settings.js';
import { rescheduleJob } from '../fila/reschedule-job.js';
import { Prisma, type TransmissionJob } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { DAY } from '../nucleo/clock.js';
import { presentNfe, type NfeView } from './present-nfe.js';
import { PENDING, transmitNfe, type LoadedNfe } from './transmit-nfe.js';
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
  leaseMs: number,
  traceparent: string | null = null,
): Prisma.TransmissionJobUncheckedCreateInput {
  return {
    // Keyed by the note (one job per NF-e at a time): the request that created it runs it without reading it back.
    id: nfeId,
    nfeId,
    kind: NFE_JOB,
    priority: 0,
    runAt: now,
    // The request's own attempt is the first, under lease generation 0 until a worker claims the job.
    attempts: 1,
    lockedUntil: new Date(now.getTime() + leaseMs),
    lease: 0,
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
  deps: Pick<TransmissionDeps, 'db' | 'sql' | 'clock' | 'logger' | 'secrets' | 'sefaz' | 'jobs'>,
  job: Pick<TransmissionJob, 'id' | 'nfeId' | 'payload' | 'attempts' | 'lease'>,
  loaded?: LoadedNfe,
): Promise<NfeView | null> {
  const { maxAttempts } = jobSettings(deps);
  if (job.attempts > maxAttempts) return bury(deps, job, `A transmissão desistiu após ${maxAttempts} tentativas.`);
  const view = await transmitNfe(deps, deps.sefaz, job.nfeId!, { loaded, lease: job.lease });
  if (!view || !PENDING.includes(view.status)) return view;
  const now = deps.clock.now();
  if (
    view.status === 'aguardando_confirmacao' &&
    now.getTime() - Date.parse(view.criada_em) >= CONFIRMATION_GIVE_UP_AFTER
  ) {
    return finish(deps, job, await giveUp(deps, view, now));
  }
  const failures = ((job.payload ?? {}) as JobPayload).failures ?? 0;
  await rescheduleJob(deps, deps.db, job, { failures, payload: { failures: failures + 1 } satisfies JobPayload });
  return view;
}

/**
 * A job whose attempts are spent: kept dead for an operator to retry (fila/revive-dead-job.ts). NF-e has no
 * failure status, so the note keeps its pending status and says why in `aviso` (`transmissao_esgotada`), as a
 * lost answer given up on does; a run that lost its lease writes nothing.
 */
async function bury(
  deps: Pick<TransmissionDeps, 'db' | 'clock'>,
  job: Pick<TransmissionJob, 'id' | 'nfeId' | 'lease'>,
  reason: string,
): Promise<NfeView | null> {
  const now = deps.clock.now();
  const note = await deps.db.$transaction(async (tx) => {
    if (!(await endJob(tx, job, { at: now, reason }))) return null;
    await tx.nfe.updateMany({
      where: { id: job.nfeId!, status: { in: [...PENDING] } },
      data: {
        aviso: {
          codigo: TRANSMISSION_GIVEN_UP,
          mensagem: `${reason} A nota voltará a ser transmitida quando um operador pedir uma nova tentativa.`,
          desde: now.toISOString(),
        },
        updatedAt: now,
      },
    });
    return tx.nfe.findUnique({ where: { id: job.nfeId! } });
  });
  return note && presentNfe(note);
}

/** The `aviso.codigo` of an NF-e whose job gave up (dead), until an operator retries it. */
export const TRANSMISSION_GIVEN_UP = 'transmissao_esgotada';

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
  job: Pick<TransmissionJob, 'id' | 'lease'>,
  view: NfeView | null,
): Promise<NfeView | null> {
  await deps.db.transmissionJob.deleteMany({ where: { id: job.id, lease: job.lease } });
  return view;
}
