import { backoff } from '../../fila/backoff.js';
import { type JobPayload } from '../../fila/job-payload.js';
import { type EmissionResult } from '../../autoridades/emission-result.js';
import { type Credentials } from '../../autoridades/endpoint.js';
import { Prisma, type Certificate, type TransmissionJob } from '../../../generated/prisma/client.js';
import { DAY } from '../../nucleo/clock.js';
import { competenciaDe } from '../ajustes/competencia-de.js';
import type { NfseWithTimeline } from '../present-nfse.js';
import { publishNote, updateNote } from '../update-note.js';
import { AuthorizationRound } from './authorization-round.js';
import { authorizeHeldNote, type AuthorizedNfse } from './authorize-held-notes.js';
import { companyCredentials } from '../../empresas/company-credentials.js';
import { type TransmissionDeps } from '../../transmission-deps.js';
import type { XmlSigner } from '../../xml/sign-xml.js';
import type { NfseProvider, ProviderCall } from '../provedores/nfse-provider.js';
import { providerOfNote } from '../provedores/resolve-nfse-provider.js';

export const RECOVERY_LIMIT = 7 * DAY;

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

/**
 * Batch lines of one company whose system takes lots (São Paulo's EnvioLoteRPS) and that this round sends for the
 * first time go together, in lots of at most the system's limit. Only a job that certainly reaches its send is
 * planned (never sent, no failure, still transmitting, within the recovery limit), so a lot never carries a
 * document its own job would not send. The lot is sent by whichever of its jobs asks first; the others take their
 * result from the same call. A job left alone is sent alone.
 */
function planLots(
  deps: TransmissionDeps,
  jobs: TransmissionJob[],
  notes: Map<string, NfseWithTimeline>,
  certificates: Map<string, Certificate>,
) {
  const lots = new Map<string, () => Promise<EmissionResult>>();
  const groups = new Map<string, Array<{ job: TransmissionJob; note: NfseWithTimeline; provider: NfseProvider }>>();
  const now = deps.clock.now().getTime();
  for (const job of jobs) {
    const note = job.nfseId ? notes.get(job.nfseId) : undefined;
    const payload = (job.payload ?? {}) as JobPayload;
    if (
      !note ||
      job.kind !== 'emitir' ||
      payload.mayHaveSent ||
      (payload.failures ?? 0) > 0 ||
      note.status !== 'transmitindo' ||
      !note.loteId
    )
      continue;
    if (now - note.createdAt.getTime() > RECOVERY_LIMIT) continue;
    const provider = providerOfNote(deps, note);
    if (!provider.emitLot) continue;
    const key = `${provider.sistema}|${note.companyId}|${note.simulacao ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), { job, note, provider }]);
  }
  for (const group of groups.values()) {
    const { provider } = group[0]!;
    const limit = provider.lotLimit ?? group.length;
    for (let start = 0; start < group.length; start += limit) {
      const lot = group.slice(start, start + limit);
      if (lot.length < 2) continue;
      let sent: Promise<EmissionResult[]> | null = null;
      const send = () =>
        (sent ??= (async () => {
          const companyId = lot[0]!.note.companyId;
          const { credentials, signer } = await companyCredentials(deps, companyId, certificates.get(companyId));
          return provider.emitLot!(lot.map(({ note }) => ({ note, credentials, signer, scenario: note.simulacao })));
        })());
      lot.forEach(({ job }, i) => lots.set(job.id, () => send().then((results) => results[i]!)));
    }
  }
  return lots;
}

/** A note's transmission through its issuing system (providerOfNote): what each step calls. */
interface Route {
  provider: NfseProvider;
  call: ProviderCall;
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
  if (first) {
    const route = {
      provider: providerOfNote(deps, first.note),
      call: { note: first.note, credentials: first.credentials, signer: first.signer, scenario: first.note.simulacao },
    };
    return transmit(deps, job, first.note, (job.payload ?? {}) as JobPayload, route);
  }
  const note = round
    ? round.notes.get(job.nfseId!)
    : await deps.db.nfse.findUnique({ where: { id: job.nfseId! }, include: { timeline: true } });
  if (!note || note.status !== 'transmitindo') return finishJob(deps, job, null);
  const certificate = round?.certificates.get(note.companyId);
  const payload = (job.payload ?? {}) as JobPayload;
  const now = deps.clock.now();

  if (now.getTime() - note.createdAt.getTime() > RECOVERY_LIMIT) {
    return fail(
      deps,
      job,
      note,
      payload.mayHaveSent ? 'desconhecido' : 'nao',
      'A recuperação automática desistiu após 7 dias.',
    );
  }
  if (
    job.kind === 'emitir' &&
    (payload.failures ?? 0) > 0 &&
    payload.competenciaConfirmada !== note.competencia &&
    competenceClosed(note, now)
  ) {
    const waiting = await updateNote(deps, note.id, {
      expectStatus: 'transmitindo',
      data: { status: 'aguardando_confirmacao' },
      timeline: [{ tipo: 'aguardando_confirmacao', detalhe: { competencia: note.competencia } }],
      event: 'NFSE_AGUARDANDO_CONFIRMACAO',
    });
    return finishJob(deps, job, waiting);
  }
  const route = await routeOf(deps, note, certificate);
  if (job.kind === 'consultar' || payload.mayHaveSent) return queryThenAct(deps, job, note, payload, route, round);
  return send(deps, job, note, payload, route, round);
}

/** The claim already stored `mayHaveSent` (claim-jobs.ts): a crash during this call leads to a query, not a resend. */
function send(
  deps: TransmissionDeps,
  job: TransmissionJob,
  note: NfseWithTimeline,
  payload: JobPayload,
  route: Route,
  round?: ClaimedRound,
): Promise<Settled> {
  return transmit(deps, job, note, { ...payload, mayHaveSent: true }, route, round);
}

/** Sends the DPS; the job's payload already says `mayHaveSent`. */
async function transmit(
  deps: TransmissionDeps,
  job: TransmissionJob,
  note: NfseWithTimeline,
  payload: JobPayload,
  route: Route,
  round?: ClaimedRound,
): Promise<Settled> {
  // A job's planned lot is its first send only: a resend after a correction goes alone.
  const lot = round?.lots.get(job.id);
  round?.lots.delete(job.id);
  const result = await (lot ? lot() : route.provider.emit({ ...route.call, note }));
  return applyEmission(deps, job, note, payload, result, 'envio', route, round);
}

async function applyEmission(
  deps: TransmissionDeps,
  job: TransmissionJob,
  note: NfseWithTimeline,
  payload: JobPayload,
  result: EmissionResult,
  step: string,
  route: Route,
  round?: ClaimedRound,
): Promise<Settled> {
  const { provider } = route;
  switch (result.kind) {
    case 'authorized': {
      return authorize(
        deps,
        job,
        note,
        { chave: result.chave, numero: result.numero, xml: result.nfseXml },
        [{ tipo: step, detalhe: { resultado: 'autorizada' } }],
        round,
      );
    }
    case 'rejected': {
      // This DPS already produced a note (an earlier send did arrive): recover it instead of failing.
      if (provider.alreadyIssued(result.erros))
        return reschedule(
          deps,
          job,
          note,
          { ...payload, mayHaveSent: true },
          'consultar',
          step,
          'dps_ja_processada',
          0,
        );
      const rejeicao = provider.explain(result.erros);
      // A catalogued rejection is corrected once and the same DPS Id sent again (correct-rejected-note.ts).
      const corrected = provider.correct
        ? await provider.correct(note, result.erros, step, rejeicao.codigo_oficial)
        : null;
      if (corrected) return transmit(deps, job, corrected, { ...payload, mayHaveSent: true }, route, round);
      const rejected = await updateNote(deps, note.id, {
        expectStatus: 'transmitindo',
        // A rejection settles the note only while the DPS it refused is still the note's.
        where: { dpsXml: note.dpsXml },
        data: { status: 'rejeitada', rejeicao: rejeicao as object },
        timeline: [{ tipo: step, detalhe: { resultado: 'rejeitada', codigo_oficial: rejeicao.codigo_oficial } }],
        event: 'NFSE_REJEITADA',
      });
      // Null: the note settled meanwhile, or another runner of this job (after its lease ran out) replaced the
      // DPS and is sending it; that runner ends the job, and a job left behind finds the note settled.
      if (!rejected) return null;
      return finishJob(deps, job, rejected);
    }
    case 'timeout':
      return reschedule(deps, job, note, payload, 'consultar', step, 'sem_resposta');
    case 'unavailable':
      return reschedule(
        deps,
        job,
        note,
        { ...payload, mayHaveSent: result.received !== 'no' && payload.mayHaveSent },
        result.received === 'no' ? 'emitir' : 'consultar',
        step,
        'indisponivel',
      );
    case 'transmission_failed':
      if (result.received === 'no')
        return fail(deps, job, note, 'nao', `Transmissão recusada antes do processamento (${result.cause}).`);
      return reschedule(deps, job, note, payload, 'consultar', step, 'falha_transmissao');
  }
}

async function queryThenAct(
  deps: TransmissionDeps,
  job: TransmissionJob,
  note: NfseWithTimeline,
  payload: JobPayload,
  route: Route,
  round?: ClaimedRound,
): Promise<Settled> {
  const found = await route.provider.recover({ ...route.call, note });
  if (found.kind === 'not_found') {
    // The system never got it: resending the same signed DPS is safe.
    await updateNote(deps, note.id, { timeline: [{ tipo: 'consulta_dps', detalhe: { resultado: 'nao_encontrada' } }] });
    return send(deps, job, note, { ...payload, mayHaveSent: false }, route, round);
  }
  if (found.kind === 'pending')
    return reschedule(deps, job, note, payload, 'consultar', 'consulta_dps', found.resultado);
  if (found.kind === 'unknown')
    return fail(deps, job, note, 'desconhecido', `Não foi possível consultar a DPS (${found.cause}).`);
  return authorize(
    deps,
    job,
    note,
    found.nfse,
    [
      { tipo: 'consulta_dps', detalhe: { resultado: 'encontrada' } },
      { tipo: 'recuperada', detalhe: { chave_acesso: found.nfse.chave } },
    ],
    round,
  );
}

/** Authorises the note and ends its job: with the rest of the worker's round when there is one. */
async function authorize(
  deps: TransmissionDeps,
  job: TransmissionJob,
  note: NfseWithTimeline,
  nfse: AuthorizedNfse,
  steps: Array<{ tipo: string; detalhe?: Record<string, unknown> }>,
  round?: ClaimedRound,
): Promise<Settled> {
  const item = { job, note, nfse, steps };
  const held = round ? await round.authorizations.authorize(item) : await authorizeHeldNote(deps, item);
  if (held) return held;
  const now = deps.clock.now();
  const changed = await deps.db.$transaction(async (tx) => {
    const updated = await updateNote(
      deps,
      note.id,
      {
        expectStatus: 'transmitindo',
        // The 30-minute warning describes a note still in transmission; it is cleared once the note is authorised.
        data: {
          status: 'autorizada',
          chaveAcesso: nfse.chave,
          numero: nfse.numero,
          nfseXml: nfse.xml,
          authorizedAt: now,
          aviso: Prisma.DbNull,
        },
        timeline: [...steps, { tipo: 'autorizada', detalhe: { numero: nfse.numero } }],
        event: 'NFSE_AUTORIZADA',
      },
      tx,
    );
    // Substitution: the original becomes `cancelada` only now that the new note is authorised.
    const original =
      updated && note.substituiId
        ? await updateNote(
            deps,
            note.substituiId,
            {
              expectStatus: 'autorizada',
              data: {
                status: 'cancelada',
                substituidaPor: note.id,
                cancelamento: {
                  tipo: 'substituicao',
                  substituida_por: note.id,
                  chave_substituta: nfse.chave,
                  em: now.toISOString(),
                },
              },
              timeline: [{ tipo: 'cancelada', detalhe: { motivo: 'substituicao', substituida_por: note.id } }],
              event: 'NFSE_CANCELADA',
            },
            tx,
          )
        : null;
    return [updated, original];
  });
  for (const n of changed) if (n) await publishNote(deps, n);
  return finishJob(deps, job, changed[0] ?? null);
}

async function fail(
  deps: TransmissionDeps,
  job: TransmissionJob,
  note: NfseWithTimeline,
  dpsEnviada: 'nao' | 'desconhecido',
  motivo: string,
): Promise<Settled> {
  const failed = await updateNote(deps, note.id, {
    expectStatus: 'transmitindo',
    data: { status: 'falha_transmissao', falha: { dps_enviada: dpsEnviada, motivo } },
    timeline: [{ tipo: 'falha_transmissao', detalhe: { dps_enviada: dpsEnviada } }],
    event: 'NFSE_FALHA_TRANSMISSAO',
  });
  return finishJob(deps, job, failed);
}

async function reschedule(
  deps: TransmissionDeps,
  job: TransmissionJob,
  note: NfseWithTimeline,
  payload: JobPayload,
  kind: 'emitir' | 'consultar',
  step: string,
  resultado: string,
  waitMs?: number,
): Promise<Settled> {
  const failures = (payload.failures ?? 0) + 1;
  const runAt = new Date(deps.clock.now().getTime() + (waitMs ?? backoff(failures - 1)));
  await deps.db.$transaction(async (tx) => {
    await updateNote(
      deps,
      note.id,
      { timeline: [{ tipo: step, detalhe: { resultado, proxima_tentativa: runAt.toISOString() } }] },
      tx,
    );
    await tx.transmissionJob.updateMany({
      where: { id: job.id },
      data: { kind, runAt, lockedUntil: null, attempts: { increment: 1 }, payload: { ...payload, failures } },
    });
  });
  return null;
}

async function finishJob(deps: TransmissionDeps, job: TransmissionJob, settled: Settled): Promise<Settled> {
  await deps.db.transmissionJob.deleteMany({ where: { id: job.id } });
  return settled;
}

async function routeOf(deps: TransmissionDeps, note: NfseWithTimeline, certificate?: Certificate): Promise<Route> {
  const { credentials, signer } = await companyCredentials(deps, note.companyId, certificate);
  return { provider: providerOfNote(deps, note), call: { note, credentials, signer, scenario: note.simulacao } };
}

/**
 * The competence ended before this retry (the note goes to `aguardando_confirmacao`). Months are Brasília
 * months, as the competence was derived (competenciaDe): in UTC, November would end 3 hours early.
 */
function competenceClosed(note: NfseWithTimeline, now: Date): boolean {
  if (note.simulacao === 'competencia_encerrada') return true;
  return note.competencia < competenciaDe(now);
}
