import { type Credentials } from '../autoridades/endpoint.js';
import { Prisma, type Nfe } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { appendedEventsSql } from '../eventos/append-events.js';
import { newId } from '../nucleo/new-id.js';
import type { XmlSigner } from '../xml/sign-xml.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import { NFE_NS } from '../xml/nfe-ns.js';
import { enterEpec } from './enter-epec.js';
import { explainRejection } from './explain-rejection.js';
import { presentNfe, type NfeView } from './present-nfe.js';
import { AutorizadorForaDoAr, type SefazGateway, type SefazTarget } from '../autoridades/sefaz/sefaz-gateway.js';
import { extractElement, tag } from '../autoridades/soap-envelope.js';

/** Statuses still to be settled by the UF authoriser; contingencia_epec is the internal EPEC_REGISTRADO. */
export const PENDING = ['transmitindo', 'aguardando_confirmacao', 'contingencia_epec'];
// MOC 4.00: 100 authorised, 150 authorised out of time; 110/301/302 denied (the number is consumed).
const AUTHORISED = ['100', '150'];
const DENIED = ['110', '301', '302'];
const DUPLICATE = '204';
const NOT_FOUND = '217';
// 206 "NF-e já está inutilizada": the number was voided at the authority outside this service (our numbering skips
// our own ranges). Correcting it (same number) or discarding it (inutilização again) would be refused for good,
// so the note is settled `descartada` at once, keeping the rejection that says why.
const VOIDED = '206';

/**
 * What the request that has just stored a note already holds: the row exactly as stored and the company's A1, so
 * its first send reads neither back.
 */
export interface LoadedNfe {
  note: Nfe;
  credentials: Credentials;
  signer: XmlSigner;
}

interface Outcome {
  status: 'autorizada' | 'rejeitada' | 'denegada' | 'descartada';
  protNFe: string | null;
  cStat: string;
  mensagem: string;
}

/**
 * One transmission step of an NF-e. A note whose last answer was lost (`aguardando_confirmacao`) is
 * first queried by its access key: the SAME stored XML is sent again only when the authority answers 217 (does
 * not exist), so one note never becomes two; a duplicate (204) is resolved by the same query. The new status and
 * its event commit in one transaction, guarded so that a concurrent step cannot settle the note twice.
 * A note never sent whose authoriser is down goes to EPEC contingency (enterEpec); a note that may already be at
 * the authority (aguardando_confirmacao) or is in contingency just waits for the authoriser to return.
 * A note no longer pending needs no transmission job: the step that finds or leaves it so ends the note's job
 * (keyed by the note, nfeJob), settling in the same statement.
 */
export async function transmitNfe(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock' | 'logger' | 'secrets'>,
  gateway: SefazGateway,
  noteId: string,
  run: { loaded?: LoadedNfe; lease?: number } = {},
): Promise<NfeView | null> {
  const { loaded, lease = null } = run;
  const note = loaded?.note ?? (await deps.db.nfe.findUnique({ where: { id: noteId } }));
  if (!note || !PENDING.includes(note.status)) {
    await endJob(deps, noteId, lease);
    return note && presentNfe(note);
  }
  const { credentials, signer } = loaded ?? (await companyCredentials(deps, note.companyId));
  const target: SefazTarget = {
    environment: note.environment,
    cUF: note.chaveAcesso.slice(0, 2),
    simulacao: note.simulacao,
    credentials,
  };
  if (note.status === 'aguardando_confirmacao') {
    let known: Outcome | null;
    try {
      known = await queryOutcome(gateway, note, target);
    } catch (err) {
      deps.logger.warn({ err, nfeId: note.id }, 'NF-e query failed; the note waits for the authority');
      return presentNfe(note);
    }
    if (known) return settle(deps, note, lease, known);
  }
  let answer: string | null;
  try {
    answer = await gateway.authorize({ ...target, chave: note.chaveAcesso, xml: note.xml });
  } catch (err) {
    if (err instanceof AutorizadorForaDoAr) {
      deps.logger.warn({ err, nfeId: note.id }, 'NF-e authoriser down');
      return note.status === 'transmitindo' ? enterEpec(deps, gateway, note, target, signer) : presentNfe(note);
    }
    deps.logger.warn({ err, nfeId: note.id }, 'NF-e answer lost; the key will be queried before any resend');
    answer = null;
  }
  // In contingency the note stays contingencia_epec (its DANFE is valid); a resend is then a duplicate (204).
  if (answer === null) return note.status === 'contingencia_epec' ? presentNfe(note) : waitConfirmation(deps, note);
  const ret = extractElement(answer, 'retEnviNFe') ?? '';
  const lote = tag(ret, 'cStat');
  const protNFe = extractElement(ret, 'protNFe');
  if (!protNFe)
    return settle(deps, note, lease, {
      status: 'rejeitada',
      protNFe: null,
      cStat: lote ?? '999',
      mensagem: tag(ret, 'xMotivo') ?? 'Resposta sem protocolo',
    });
  const cStat = tag(protNFe, 'cStat')!;
  if (cStat === DUPLICATE) {
    const known = await queryOutcome(gateway, note, target).catch(() => null);
    return known ? settle(deps, note, lease, known) : waitConfirmation(deps, note);
  }
  return settle(deps, note, lease, outcomeOf(cStat, protNFe));
}

async function queryOutcome(gateway: SefazGateway, note: Nfe, target: SefazTarget): Promise<Outcome | null> {
  const ret = extractElement(await gateway.query(note.chaveAcesso, target), 'retConsSitNFe') ?? '';
  const cStat = tag(ret, 'cStat');
  const protNFe = extractElement(ret, 'protNFe');
  if (cStat === NOT_FOUND || !cStat || !protNFe) return null;
  return outcomeOf(tag(protNFe, 'cStat')!, protNFe);
}

function outcomeOf(cStat: string, protNFe: string): Outcome {
  const mensagem = tag(protNFe, 'xMotivo') ?? '';
  if (AUTHORISED.includes(cStat)) return { status: 'autorizada', protNFe, cStat, mensagem };
  if (DENIED.includes(cStat)) return { status: 'denegada', protNFe, cStat, mensagem };
  if (cStat === VOIDED) return { status: 'descartada', protNFe: null, cStat, mensagem };
  return { status: 'rejeitada', protNFe: null, cStat, mensagem };
}

async function waitConfirmation(deps: Pick<EngineDeps, 'db' | 'clock'>, note: Nfe): Promise<NfeView> {
  const updated = await deps.db.nfe.update({
    where: { id: note.id },
    data: { status: 'aguardando_confirmacao', updatedAt: deps.clock.now() },
  });
  return presentNfe(updated);
}

const EVENT: Record<Outcome['status'], string> = {
  autorizada: 'NFE_AUTORIZADA',
  rejeitada: 'NFE_REJEITADA',
  denegada: 'NFE_DENEGADA',
  descartada: 'NFE_DESCARTADA',
};

async function settle(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock'>,
  note: Nfe,
  lease: number | null,
  outcome: Outcome,
): Promise<NfeView> {
  const now = deps.clock.now();
  // nfeProc = NFe + protNFe (procNFe_v4.00.xsd); kept for authorised and denied notes alike.
  const procXml = outcome.protNFe
    ? `<nfeProc xmlns="${NFE_NS}" versao="4.00">${note.xml}${outcome.protNFe}</nfeProc>`
    : null;
  // The job's lease makes this step the pending note's only writer, so the stored row is the one read plus this change.
  const updated: Nfe = {
    ...note,
    status: outcome.status,
    procXml,
    protocolo: outcome.protNFe ? tag(outcome.protNFe, 'nProt') : null,
    rejeicao:
      outcome.status === 'rejeitada' || outcome.status === 'descartada'
        ? (rejeicaoOf(outcome) as Prisma.JsonObject)
        : note.rejeicao,
    authorizedAt: outcome.status === 'autorizada' ? now : null,
    updatedAt: now,
  };
  const view = presentNfe(updated);
  // The event's record takes the note's adjustments from its stored row (SETTLE), so they are not sent twice.
  const { ajustes: _ajustes, ...semAjustes } = view;
  const written = await deps.sql<{ id: string }>('nfe_settle', SETTLE, [
    note.id,
    updated.status,
    updated.procXml,
    updated.protocolo,
    updated.rejeicao === null ? null : JSON.stringify(updated.rejeicao),
    updated.authorizedAt?.toISOString() ?? null,
    now.toISOString(),
    note.accountId,
    note.environment,
    newId(),
    EVENT[outcome.status],
    JSON.stringify(semAjustes),
    lease,
  ]);
  return written.length ? view : presentNfe(await deps.db.nfe.findUniqueOrThrow({ where: { id: note.id } }));
}

/**
 * $1 the note, $2–$6 its settled status, procNFe, protocol, rejection and authorisation time, $7 now, $8 account,
 * $9 environment, $10–$12 the event's id, type and data, $13 the lease generation of the job's runner (null: a step
 * run outside a job). The event's data is the note's record, whose `ajustes` (a calculated note's run to about
 * 120 kB) the statement takes from the row it updates instead of receiving them a second time after the note's
 * insert: the stored record is the same. One statement, atomic on its own and one round trip (a named one,
 * EngineDeps.sql, so the note's record goes to the driver as it is): guarded by the status, so a concurrent step
 * that settled the note first leaves no row and no second event; the note's job ends either way. Fenced by the
 * lease like endJob: a runner whose lease ran out and was taken over (the job's generation moved on) neither ends
 * the job nor settles the note, which the job's current runner does. The event is appended in the statement by
 * the event log's own CTEs (appendedEventsSql).
 */
const SETTLE = `
  WITH job AS (
    DELETE FROM transmission_jobs WHERE id = $1::uuid AND ($13::int IS NULL OR lease = $13::int) RETURNING id),
  updated AS (
    UPDATE nfe SET status = $2::text, proc_xml = $3::text, protocolo = $4::text, rejeicao = $5::jsonb,
      authorized_at = $6::timestamptz, updated_at = $7::timestamptz
    WHERE id = $1::uuid AND status IN (${PENDING.map((s) => `'${s}'`).join(', ')})
      AND ($13::int IS NULL OR EXISTS (SELECT 1 FROM job))
    RETURNING id, ajustes),
  ${appendedEventsSql({
    source: `SELECT $10::uuid AS id, $11::text AS tipo, $12::jsonb || jsonb_build_object('ajustes', updated.ajustes) AS dados,
      1::bigint AS ord FROM updated`,
    accountId: '$8::uuid',
    environment: '$9::"Environment"',
    at: '$7::timestamptz',
  })}
  SELECT id::text AS id FROM updated`;

/** A settled note's job ends, fenced like SETTLE: a runner that lost its lease leaves the job to its new runner. */
async function endJob(deps: Pick<EngineDeps, 'db'>, noteId: string, lease: number | null): Promise<void> {
  await deps.db.transmissionJob.deleteMany({ where: { id: noteId, ...(lease === null ? {} : { lease }) } });
}

/** The authority's code and message, with the plain-language explanation and fix where the table has them. */
function rejeicaoOf(outcome: Outcome) {
  const explained = explainRejection(outcome.cStat);
  return {
    cStat: outcome.cStat,
    mensagem: outcome.mensagem,
    explicacao: explained?.explicacao ?? null,
    correcao: explained?.correcao ?? null,
  };
}
