import { endJob, type DeadJob } from '../../fila/end-job.js';
import { type JobPayload } from '../../fila/job-payload.js';
import { jobSettings } from '../../fila/job-settings.js';
import { rescheduleJob } from '../../fila/reschedule-job.js';
import { resumeWaitingJobs } from '../../fila/resume-waiting-jobs.js';
import { type EmissionResult } from '../../autoridades/emission-result.js';
import { type AuthorityMessage } from '../../autoridades/authority-message.js';
import { type Credentials } from '../../autoridades/endpoint.js';
import { type Certificate, type TransmissionJob } from '../../../generated/prisma/client.js';
import { competenciaDe } from '../ajustes/competencia-de.js';
import type { NfseWithTimeline } from '../present-nfse.js';
import { scenarioClosesCompetence } from '../simulator-scenario.js';
import { publishNote, updateNote, type NoteChange } from '../update-note.js';
import { AuthorizationRound } from './authorization-round.js';
import { authorizeHeldNote, type AuthorizedNfse } from './authorize-held-notes.js';
import { planLots } from './plan-lots.js';
import { RECOVERY_LIMIT } from './recovery-limit.js';
import { companyCredentials } from '../../empresas/company-credentials.js';
import { type TransmissionDeps } from '../../transmission-deps.js';
import type { XmlSigner } from '../../xml/sign-xml.js';
import type { NfseProvider, ProviderCall } from '../provedores/nfse-provider.js';
import { providerOfNote } from '../provedores/resolve-nfse-provider.js';

/**
 * The request that created a note sends it at once, with what it already holds. Its job was created with
 * `mayHaveSent`, so if this process dies mid-call the worker that takes the job over queries the DPS first.
 */
export interface FirstAttempt {
  note: NfseWithTimeline;
  credentials: Credentials;
  signer: XmlSigner;
}

/** The note as this step left it, when the step settled it (any status but `transmitindo`); null otherwise. */
export type Settled = NfseWithTimeline | null;

/**
 * What the worker reads once for a round of claimed jobs instead of once per job: their notes (with timelines)
 * and their companies' certificates. Read after the claim, so a note or certificate changed before it is seen.
 * The round's authorisations are written together (authorization-round.ts).
 */
export interface ClaimedRound {
  notes: Map<string, NfseWithTimeline>;
  certificates: Map<string, Certificate>;
  authorizations: AuthorizationRound;
  /** The send of each job that goes in a lot with others of its round (planLots), by job id. */
  lots: Map<string, () => Promise<EmissionResult>>;
}

export async function readRound(deps: TransmissionDeps, jobs: TransmissionJob[]): Promise<ClaimedRound> {
  const notes = await deps.db.nfse.findMany({
    where: { id: { in: jobs.flatMap((j) => j.nfseId ?? []) } },
    include: { timeline: true },
  });
  const companies = [...new Set(notes.map((n) => n.companyId))];
  const certificates = await deps.db.certificate.findMany({ where: { companyId: { in: companies } } });
  const round = {
    notes: new Map(notes.map((n) => [n.id, n])),
    certificates: new Map(certificates.map((c) => [c.companyId, c])),
    authorizations: new AuthorizationRound(deps, jobs.length),
  };
  return { ...round, lots: planLots(deps, jobs, round.notes, round.certificates) };
}

/** A note's transmission through its issuing system (providerOfNote): what each step calls. */
interface Route {
  provider: NfseProvider;
  call: ProviderCall;
}

/** One run of a job, as each of its steps reads it: the payload is the one the next write stores. */
interface JobRun {
  deps: TransmissionDeps;
  job: TransmissionJob;
  note: NfseWithTimeline;
  payload: JobPayload;
  route: Route;
  round?: ClaimedRound;
}

/** Where a rescheduled job goes next, and the timeline step that says why. */
interface NextAttempt {
  kind: 'emitir' | 'consultar';
  step: string;
  resultado: string;
  /** Wait before the next attempt; the failure count's backoff when absent. */
  waitMs?: number;
  /** The system did not answer: the job waits for its next answer to anyone (resumeWaitingJobs). */
  unanswered?: boolean;
}

/**
 * One step of a note's transmission. A send whose answer was lost is never repeated blindly: the
 * DPS is queried first, so one DPS never yields two notes. Every outcome is committed with its event.
 */
export async function runTransmissionJob(
  deps: TransmissionDeps,
  job: TransmissionJob,
  first?: FirstAttempt,
  round?: ClaimedRound,
): Promise<Settled> {
  const payload = (job.payload ?? {}) as JobPayload;
  if (first) {
    const route = {
      provider: providerOfNote(deps, first.note),
      call: { note: first.note, credentials: first.credentials, signer: first.signer, scenario: first.note.simulacao },
    };
    return transmit({ deps, job, note: first.note, payload, route });
  }
  const note = round
    ? round.notes.get(job.nfseId!)
    : await deps.db.nfse.findUnique({ where: { id: job.nfseId! }, include: { timeline: true } });
  if (!note || note.status !== 'transmitindo') return finishJob(deps, job, null);
  const now = deps.clock.now();
  const givenUp = giveUpReason(deps, job, now);
  if (givenUp) {
    const dpsEnviada = payload.mayHaveSent ? 'desconhecido' : 'nao';
    return fail({ deps, job, note }, dpsEnviada, givenUp, { at: now, reason: givenUp });
  }
  if (awaitsConfirmation(job, note, payload, now)) {
    return settleWithNote(deps, job, {
      expectStatus: 'transmitindo',
      data: { status: 'aguardando_confirmacao' },
      timeline: [{ tipo: 'aguardando_confirmacao', detalhe: { competencia: note.competencia } }],
      event: 'NFSE_AGUARDANDO_CONFIRMACAO',
    });
  }
  const run = { deps, job, note, payload, route: await routeOf(deps, note, round?.certificates.get(note.companyId)) };
  if (job.kind === 'consultar' || payload.mayHaveSent) return queryThenAct({ ...run, round });
  return send({ ...run, round });
}

/**
 * Why a claimed job stops retrying, if it does: its attempts are spent (a job that fails or crashes its runner
 * every time), or the recovery limit passed since the job was queued (or an operator last retried it).
 */
function giveUpReason(deps: TransmissionDeps, job: TransmissionJob, now: Date): string | null {
  const { maxAttempts } = jobSettings(deps);
  if (job.attempts > maxAttempts) return `A transmissão desistiu após ${maxAttempts} tentativas.`;
  if (now.getTime() - job.createdAt.getTime() > RECOVERY_LIMIT) return 'A recuperação automática desistiu após 7 dias.';
  return null;
}

/**
 * A retried send whose competence ended since (and that the caller has not confirmed for it) waits for the caller:
 * the note goes to `aguardando_confirmacao`.
 */
function awaitsConfirmation(job: TransmissionJob, note: NfseWithTimeline, payload: JobPayload, now: Date): boolean {
  return (
    job.kind === 'emitir' &&
    (payload.failures ?? 0) > 0 &&
    payload.competenciaConfirmada !== note.competencia &&
    competenceClosed(note, now)
  );
}

/** The claim already stored `mayHaveSent` (claim-jobs.ts): a crash during this call leads to a query, not a resend. */
function send(run: JobRun): Promise<Settled> {
  return transmit({ ...run, payload: { ...run.payload, mayHaveSent: true } });
}

/** Sends the DPS; the job's payload already says `mayHaveSent`. */
async function transmit(run: JobRun): Promise<Settled> {
  // A job's planned lot is its first send only: a resend after a correction goes alone.
  const lot = run.round?.lots.get(run.job.id);
  run.round?.lots.delete(run.job.id);
  const result = await (lot ? lot() : run.route.provider.emit({ ...run.route.call, note: run.note }));
  return applyEmission(run, result, 'envio');
}

async function applyEmission(run: JobRun, result: EmissionResult, step: string): Promise<Settled> {
  if (result.kind === 'authorized' || result.kind === 'rejected') await systemAnswered(run);
  switch (result.kind) {
    case 'authorized': {
      const nfse = { chave: result.chave, numero: result.numero, xml: result.nfseXml };
      return authorize(run, nfse, [{ tipo: step, detalhe: { resultado: 'autorizada' } }]);
    }
    case 'rejected':
      return applyRejection(run, result.erros, step);
    case 'timeout':
      return reschedule(run, { kind: 'consultar', step, resultado: 'sem_resposta', unanswered: true });
    case 'processing':
      return reschedule(run, { kind: 'consultar', step, resultado: result.resultado });
    case 'unavailable': {
      const mayHaveSent = result.received !== 'no' && run.payload.mayHaveSent;
      const kind = result.received === 'no' ? 'emitir' : 'consultar';
      return reschedule(
        { ...run, payload: { ...run.payload, mayHaveSent } },
        { kind, step, resultado: 'indisponivel', unanswered: true },
      );
    }
    case 'transmission_failed':
      if (result.received === 'no')
        return fail(run, 'nao', `Transmissão recusada antes do processamento (${result.cause}).`);
      return reschedule(run, { kind: 'consultar', step, resultado: 'falha_transmissao' });
  }
}

async function applyRejection(run: JobRun, erros: AuthorityMessage[], step: string): Promise<Settled> {
  const { deps, job, note, route } = run;
  const { provider } = route;
  // This DPS already produced a note (an earlier send did arrive): recover it instead of failing.
  if (provider.alreadyIssued(erros)) {
    const recovering = { ...run, payload: { ...run.payload, mayHaveSent: true } };
    return reschedule(recovering, { kind: 'consultar', step, resultado: 'dps_ja_processada', waitMs: 0 });
  }
  const rejeicao = provider.explain(erros);
  // A catalogued rejection is corrected once and the same DPS Id sent again (correct-rejected-note.ts).
  const corrected = provider.correct ? await provider.correct(note, erros, step, rejeicao.codigo_oficial) : null;
  if (corrected) return transmit({ ...run, note: corrected, payload: { ...run.payload, mayHaveSent: true } });
  // Null: the note settled meanwhile, or this run lost its lease to another runner of the job (which may have
  // replaced the DPS and be sending it): that runner ends the job.
  return settleWithNote(deps, job, {
    expectStatus: 'transmitindo',
    // A rejection settles the note only while the DPS it refused is still the note's.
    where: { dpsXml: note.dpsXml },
    data: { status: 'rejeitada', rejeicao: rejeicao as object },
    timeline: [{ tipo: step, detalhe: { resultado: 'rejeitada', codigo_oficial: rejeicao.codigo_oficial } }],
    event: 'NFSE_REJEITADA',
  });
}

async function queryThenAct(run: JobRun): Promise<Settled> {
  const { deps, note, route } = run;
  const found = await route.provider.recover({ ...route.call, note });
  const unanswered = found.kind === 'pending' && found.resultado === 'indisponivel';
  if (found.kind !== 'unknown' && !unanswered) await systemAnswered(run);
  if (found.kind === 'not_found') {
    // The system never got it: resending the same signed DPS is safe.
    await updateNote(deps, note.id, { timeline: [{ tipo: 'consulta_dps', detalhe: { resultado: 'nao_encontrada' } }] });
    return send({ ...run, payload: { ...run.payload, mayHaveSent: false } });
  }
  if (found.kind === 'pending')
    return reschedule(run, { kind: 'consultar', step: 'consulta_dps', resultado: found.resultado, unanswered });
  if (found.kind === 'unknown') return fail(run, 'desconhecido', `Não foi possível consultar a DPS (${found.cause}).`);
  return authorize(run, found.nfse, [
    { tipo: 'consulta_dps', detalhe: { resultado: 'encontrada' } },
    { tipo: 'recuperada', detalhe: { chave_acesso: found.nfse.chave } },
  ]);
}

/**
 * Authorises the note (authorize-held-notes.ts), with the rest of the worker's round when there is one; the
 * authorisation ends its job. A note no longer transmitting ends its job here.
 */
async function authorize(
  run: JobRun,
  nfse: AuthorizedNfse,
  steps: Array<{ tipo: string; detalhe?: Record<string, unknown> }>,
): Promise<Settled> {
  const { deps, job, note, round } = run;
  const item = { job, note, nfse, steps };
  const authorized = round ? await round.authorizations.authorize(item) : await authorizeHeldNote(deps, item);
  return authorized ?? finishJob(deps, job, null);
}

/**
 * `falha_transmissao` with the reason. A job that gave up (`dead`) is kept dead for an operator to retry; any
 * other failure ends it.
 */
async function fail(
  { deps, job }: Pick<JobRun, 'deps' | 'job' | 'note'>,
  dpsEnviada: 'nao' | 'desconhecido',
  motivo: string,
  dead?: DeadJob,
): Promise<Settled> {
  const change: NoteChange = {
    expectStatus: 'transmitindo',
    data: { status: 'falha_transmissao', falha: { dps_enviada: dpsEnviada, motivo } },
    timeline: [{ tipo: 'falha_transmissao', detalhe: { dps_enviada: dpsEnviada } }],
    event: 'NFSE_FALHA_TRANSMISSAO',
  };
  return settleWithNote(deps, job, change, dead);
}

/**
 * Ends the job and applies the note's change in one transaction, the job first (endJob): a run that lost its
 * lease writes nothing. A dead job whose note no longer transmits (settled meanwhile) is deleted instead.
 */
async function settleWithNote(
  deps: TransmissionDeps,
  job: TransmissionJob,
  change: NoteChange,
  dead?: DeadJob,
): Promise<Settled> {
  const note = await deps.db.$transaction(async (tx) => {
    if (!(await endJob(tx, job, dead))) return null;
    const changed = await updateNote(deps, job.nfseId!, change, tx);
    if (!changed && dead) await tx.transmissionJob.deleteMany({ where: { id: job.id } });
    return changed;
  });
  if (note) await publishNote(deps, note);
  return note;
}

async function reschedule(run: JobRun, next: NextAttempt): Promise<Settled> {
  const { deps, job, note, payload } = run;
  const failures = (payload.failures ?? 0) + 1;
  // Once brought forward in a streak of unanswered attempts, a job keeps its backoff (resumeWaitingJobs).
  const broughtForward = next.unanswered ? payload.broughtForward : undefined;
  const waitingFor = next.unanswered && !broughtForward ? authorityKey(run) : undefined;
  await deps.db.$transaction(async (tx) => {
    // The job first: a run that lost its lease adds nothing to the note's timeline.
    const runAt = await rescheduleJob(deps, tx, job, {
      failures: failures - 1,
      kind: next.kind,
      payload: { ...payload, failures, waitingFor, broughtForward },
      waitMs: next.waitMs,
    });
    if (!runAt) return;
    await updateNote(
      deps,
      note.id,
      {
        timeline: [{ tipo: next.step, detalhe: { resultado: next.resultado, proxima_tentativa: runAt.toISOString() } }],
      },
      tx,
    );
  });
  return null;
}

/** The system a job's calls go to, per environment: the jobs its outage pushed back wait for it (`waitingFor`). */
function authorityKey({ note, route }: Pick<JobRun, 'note' | 'route'>): string {
  return `nfse:${route.provider.sistema}:${note.environment}`;
}

/**
 * The system answered this job: the jobs its unavailability pushed back go now rather than after their backoff.
 * Their transmission does not depend on it, so a failure here is only logged.
 */
async function systemAnswered(run: JobRun): Promise<void> {
  await resumeWaitingJobs(run.deps, authorityKey(run)).catch((err: unknown) => {
    run.deps.logger.warn({ err }, 'could not bring forward the jobs waiting for the system');
  });
}

async function finishJob(deps: TransmissionDeps, job: TransmissionJob, settled: Settled): Promise<Settled> {
  await deps.db.transmissionJob.deleteMany({ where: { id: job.id, lease: job.lease } });
  return settled;
}

async function routeOf(deps: TransmissionDeps, note: NfseWithTimeline, certificate?: Certificate): Promise<Route> {
  const { credentials, signer } = await companyCredentials(deps, note.companyId, certificate);
  return { provider: providerOfNote(deps, note), call: { note, credentials, signer, scenario: note.simulacao } };
}

/**
 * The competence ended before this retry. Months are Brasília months, as the competence was derived
 * (competenciaDe): in UTC, November would end 3 hours early. A simulated note may play a closed competence.
 */
function competenceClosed(note: NfseWithTimeline, now: Date): boolean {
  return note.competencia < competenciaDe(now) || scenarioClosesCompetence(note.simulacao);
}
