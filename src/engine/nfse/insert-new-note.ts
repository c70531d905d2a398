import type { Nfse, NfseTimelineEntry, TransmissionJob } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';

/**
 * Stores a new note, its first timeline step and its transmission job in one statement: atomic on its own, so
 * without BEGIN/COMMIT, and one round trip where the three Prisma creates of a batch transaction would take five
 * (this is issuance's hottest write, hence a named statement, EngineDeps.sql). The caller holds every value of
 * the rows (the objects are the rows as stored, so nothing is read back); the foreign keys are checked at the end
 * of the statement. A duplicate `referencia` or DPS id fails the whole statement with a unique violation
 * (isUniqueViolation).
 */
export async function insertNewNote(deps: Pick<EngineDeps, 'sql'>, note: Nfse, criada: NfseTimelineEntry, job: TransmissionJob): Promise<void> {
  await deps.sql('nfse_insert_new', INSERT_NEW_NOTE, [
    note.id, note.accountId, note.environment, note.companyId, note.referencia, note.status,
    json(note.request), json(note.dps), note.valor.toFixed(), note.competencia, note.serie,
    note.numeroDps.toString(), note.dpsId, note.simulacao, note.numero, note.chaveAcesso, note.dpsXml, note.nfseXml,
    json(note.rejeicao), json(note.cancelamento), json(note.falha), json(note.aviso),
    json(note.ajustes), note.regrasVersao, note.substituiId, note.substituidaPor, note.loteId,
    iso(note.createdAt), iso(note.updatedAt), iso(note.authorizedAt),
    criada.id, criada.tipo, iso(criada.at), json(criada.detalhe),
    job.id, job.kind, job.priority, iso(job.runAt), job.attempts, iso(job.lockedUntil), json(job.payload), iso(job.createdAt),
  ]);
}

const INSERT_NEW_NOTE = `
  WITH note AS (
    INSERT INTO nfse (id, account_id, environment, company_id, referencia, status, request, dps, valor, competencia, serie,
      numero_dps, dps_id, simulacao, numero, chave_acesso, dps_xml, nfse_xml, rejeicao, cancelamento, falha, aviso, ajustes,
      regras_versao, substitui_id, substituida_por, lote_id, created_at, updated_at, authorized_at)
    VALUES ($1::uuid, $2::uuid, $3::text, $4::uuid, $5::text, $6::text,
      $7::jsonb, $8::jsonb, $9::numeric, $10::text, $11::text,
      $12::bigint, $13::text, $14::text, $15::text, $16::text, $17::text, $18::text,
      $19::jsonb, $20::jsonb, $21::jsonb, $22::jsonb,
      $23::jsonb, $24::text, $25::uuid, $26::uuid, $27::uuid,
      $28::timestamptz, $29::timestamptz, $30::timestamptz)
    RETURNING id),
  step AS (
    INSERT INTO nfse_timeline (id, nfse_id, tipo, at, detalhe)
    SELECT $31::uuid, note.id, $32::text, $33::timestamptz, $34::jsonb FROM note)
  INSERT INTO transmission_jobs (id, nfse_id, kind, priority, run_at, attempts, locked_until, payload, created_at)
  SELECT $35::uuid, note.id, $36::text, $37::int, $38::timestamptz, $39::int, $40::timestamptz, $41::jsonb, $42::timestamptz
  FROM note`;

/** A JSON column's value as its text; SQL NULL for a null column. */
const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());
