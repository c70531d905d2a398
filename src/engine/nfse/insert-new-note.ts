import type { Nfse, NfseTimelineEntry, TransmissionJob } from '../../generated/prisma/client.js';
import type { Db } from '../../db/database.js';

/**
 * Stores a new note, its first timeline step and its transmission job in one statement: atomic on its own, so
 * without BEGIN/COMMIT, and one round trip where the three Prisma creates of a batch transaction took five
 * (issuance's hottest write, bench/nfse-issue). The caller holds every value of the rows (the objects are the
 * rows as stored, so nothing is read back); the foreign keys are checked at the end of the statement.
 * A duplicate `referencia` or DPS id fails the whole statement with a unique violation (isUniqueViolation in nucleo/is-unique-violation.ts).
 */
export async function insertNewNote(db: Db, note: Nfse, criada: NfseTimelineEntry, job: TransmissionJob): Promise<void> {
  await db.$executeRaw`
    WITH note AS (
      INSERT INTO nfse (id, account_id, environment, company_id, referencia, status, request, dps, valor, competencia, serie,
        numero_dps, dps_id, simulacao, numero, chave_acesso, dps_xml, nfse_xml, rejeicao, cancelamento, falha, aviso, ajustes,
        regras_versao, substitui_id, substituida_por, lote_id, created_at, updated_at, authorized_at)
      VALUES (${note.id}::uuid, ${note.accountId}::uuid, ${note.environment}, ${note.companyId}::uuid, ${note.referencia}, ${note.status},
        ${json(note.request)}::jsonb, ${json(note.dps)}::jsonb, ${note.valor.toFixed()}::numeric, ${note.competencia}, ${note.serie},
        ${note.numeroDps}, ${note.dpsId}, ${note.simulacao}, ${note.numero}, ${note.chaveAcesso}, ${note.dpsXml}, ${note.nfseXml},
        ${json(note.rejeicao)}::jsonb, ${json(note.cancelamento)}::jsonb, ${json(note.falha)}::jsonb, ${json(note.aviso)}::jsonb,
        ${json(note.ajustes)}::jsonb, ${note.regrasVersao}, ${note.substituiId}::uuid, ${note.substituidaPor}::uuid, ${note.loteId}::uuid,
        ${note.createdAt}, ${note.updatedAt}, ${note.authorizedAt})
      RETURNING id),
    step AS (
      INSERT INTO nfse_timeline (id, nfse_id, tipo, at, detalhe)
      SELECT ${criada.id}::uuid, note.id, ${criada.tipo}, ${criada.at}, ${json(criada.detalhe)}::jsonb FROM note)
    INSERT INTO transmission_jobs (id, nfse_id, kind, priority, run_at, attempts, locked_until, payload, created_at)
    SELECT ${job.id}::uuid, note.id, ${job.kind}, ${job.priority}, ${job.runAt}, ${job.attempts}, ${job.lockedUntil}, ${json(job.payload)}::jsonb, ${job.createdAt}
    FROM note`;
}

/** A JSON column's value as its text; SQL NULL for a null column. */
const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
