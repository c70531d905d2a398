import type { Nfse, NfseTimelineEntry, TransmissionJob } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import type { Tx } from '../eventos/append-events.js';
import { groupedStatement } from '../nucleo/grouped-statement.js';

/**
 * Stores a new note, its first timeline step and its transmission job in one statement: the one writer of a note's
 * creation, for single notes (insertNewNote) and batch chunks (insertNewNotes) alike. Atomic on its own, so
 * without BEGIN/COMMIT, and one round trip where the three Prisma creates of a batch transaction would take five
 * (this is issuance's hottest write, hence a named statement, EngineDeps.sql). Concurrent requests' notes go in
 * one statement (groupedStatement); a group that fails is written note by note, so a note's own failure is its
 * alone. The caller holds every value of the rows (the objects are the rows as stored, so nothing is read back);
 * the foreign keys are checked at the end of the statement. A duplicate `referencia` or DPS id fails the note
 * with a unique violation (isUniqueViolation).
 */
export function insertNewNote(
  deps: Pick<EngineDeps, 'sql'>,
  note: Nfse,
  criada: NfseTimelineEntry,
  job: TransmissionJob,
): Promise<void> {
  return newNotes(deps)({ note, criada, job });
}

/**
 * The same statement for many notes inside the caller's transaction (a batch chunk, created with the claim of its
 * lines), the rows passed as one JSON parameter: per-row parameters would cost more to build and bind than the
 * rest of the chunk's statements.
 */
export async function insertNewNotes(tx: Tx, notes: NewNote[]): Promise<void> {
  if (notes.length === 0) return;
  await tx.$executeRawUnsafe(INSERT_NEW_NOTES, JSON.stringify(notes.map(rowOf)));
}

/** A new note `transmitindo` as stored, with its `criada` step and its transmission job. */
export interface NewNote {
  note: Nfse;
  criada: NfseTimelineEntry;
  job: TransmissionJob;
}

const newNotes = (deps: Pick<EngineDeps, 'sql'>) =>
  groupedStatement<NewNote, void>(deps.sql, 'nfse_insert_new', async (items) => {
    await deps.sql('nfse_insert_new', INSERT_NEW_NOTES, [JSON.stringify(items.map(rowOf))]);
    return items.map(() => undefined);
  });

/** One element of the statement's array: the note's columns, its step's and its job's. Dates as ISO text. */
function rowOf({ note, criada, job }: NewNote) {
  return {
    id: note.id,
    account_id: note.accountId,
    environment: note.environment,
    company_id: note.companyId,
    referencia: note.referencia,
    status: note.status,
    request: note.request,
    dps: note.dps,
    valor: note.valor.toFixed(),
    competencia: note.competencia,
    serie: note.serie,
    numero_dps: note.numeroDps.toString(),
    dps_id: note.dpsId,
    simulacao: note.simulacao,
    numero: note.numero,
    chave_acesso: note.chaveAcesso,
    dps_xml: note.dpsXml,
    dados_documento: note.dadosDocumento,
    nfse_xml: note.nfseXml,
    rejeicao: note.rejeicao,
    cancelamento: note.cancelamento,
    falha: note.falha,
    aviso: note.aviso,
    ajustes: note.ajustes,
    regras_versao: note.regrasVersao,
    substitui_id: note.substituiId,
    substituida_por: note.substituidaPor,
    lote_id: note.loteId,
    created_at: note.createdAt,
    updated_at: note.updatedAt,
    authorized_at: note.authorizedAt,
    step_id: criada.id,
    step_tipo: criada.tipo,
    step_at: criada.at,
    step_detalhe: criada.detalhe,
    job_id: job.id,
    job_kind: job.kind,
    job_priority: job.priority,
    job_run_at: job.runAt,
    job_attempts: job.attempts,
    job_locked_until: job.lockedUntil,
    job_payload: job.payload,
    job_created_at: job.createdAt,
    job_traceparent: job.traceparent,
  };
}

// A JSON null member is SQL NULL in jsonb_to_recordset, as a null column is.
const INSERT_NEW_NOTES = `
  WITH n AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS n(id uuid, account_id uuid, environment "Environment", company_id uuid,
      referencia text, status text, request jsonb, dps jsonb, valor numeric, competencia text, serie text, numero_dps bigint,
      dps_id text, simulacao text, numero text, chave_acesso text, dps_xml text, dados_documento jsonb, nfse_xml text, rejeicao jsonb,
      cancelamento jsonb, falha jsonb, aviso jsonb, ajustes jsonb, regras_versao text, substitui_id uuid,
      substituida_por uuid, lote_id uuid, created_at timestamptz, updated_at timestamptz, authorized_at timestamptz,
      step_id uuid, step_tipo text, step_at timestamptz, step_detalhe jsonb,
      job_id uuid, job_kind text, job_priority int, job_run_at timestamptz, job_attempts int, job_locked_until timestamptz,
      job_payload jsonb, job_created_at timestamptz, job_traceparent text)),
  note AS (
    INSERT INTO nfse (id, account_id, environment, company_id, referencia, status, request, dps, valor, competencia, serie,
      numero_dps, dps_id, simulacao, numero, chave_acesso, dps_xml, dados_documento, nfse_xml, rejeicao, cancelamento, falha, aviso, ajustes,
      regras_versao, substitui_id, substituida_por, lote_id, created_at, updated_at, authorized_at)
    SELECT id, account_id, environment, company_id, referencia, status, request, dps, valor, competencia, serie,
      numero_dps, dps_id, simulacao, numero, chave_acesso, dps_xml, dados_documento, nfse_xml, rejeicao, cancelamento, falha, aviso, ajustes,
      regras_versao, substitui_id, substituida_por, lote_id, created_at, updated_at, authorized_at
    FROM n
    RETURNING id),
  step AS (
    INSERT INTO nfse_timeline (id, nfse_id, tipo, at, detalhe)
    SELECT n.step_id, n.id, n.step_tipo, n.step_at, n.step_detalhe FROM n JOIN note ON note.id = n.id)
  INSERT INTO transmission_jobs (id, nfse_id, kind, priority, run_at, attempts, locked_until, payload, created_at, traceparent)
  SELECT n.job_id, n.id, n.job_kind, n.job_priority, n.job_run_at, n.job_attempts, n.job_locked_until, n.job_payload, n.job_created_at,
    n.job_traceparent
  FROM n JOIN note ON note.id = n.id`;
