import type { Tx } from '../eventos/append-events.js';

/** A batch line's new note, as issue-lote-notes.ts built it (DPS signed), with the ids of its first step and job. */
export interface NewLoteNote {
  id: string;
  accountId: string;
  environment: string;
  companyId: string;
  referencia: string | null;
  request: unknown;
  dps: unknown;
  valor: string;
  competencia: string;
  serie: string;
  numeroDps: bigint;
  dpsId: string;
  simulacao: string | null;
  dpsXml: string;
  ajustes: unknown;
  regrasVersao: string;
  loteId: string;
  timelineId: string;
  jobId: string;
}

/**
 * Stores a chunk of batch notes `transmitindo`, their `criada` steps and their transmission jobs (priority 1:
 * behind single notes) in one statement, the rows passed as one JSON parameter: the per-row parameters of
 * Prisma createMany cost more CPU to build and bind than the rest of the chunk's statements. The foreign keys
 * are checked at the end of the statement.
 */
export async function insertLoteNotes(tx: Tx, notes: NewLoteNote[], now: Date): Promise<void> {
  const rows = JSON.stringify(notes, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  await tx.$executeRaw`
    WITH r AS (
      SELECT * FROM jsonb_to_recordset(${rows}::jsonb) AS r("id" uuid, "accountId" uuid, "environment" "Environment", "companyId" uuid,
        "referencia" text, "request" jsonb, "dps" jsonb, "valor" numeric, "competencia" text, "serie" text, "numeroDps" bigint,
        "dpsId" text, "simulacao" text, "dpsXml" text, "ajustes" jsonb, "regrasVersao" text, "loteId" uuid, "timelineId" uuid, "jobId" uuid)),
    note AS (
      INSERT INTO nfse (id, account_id, environment, company_id, referencia, status, request, dps, valor, competencia, serie,
        numero_dps, dps_id, simulacao, dps_xml, ajustes, regras_versao, lote_id, created_at, updated_at)
      SELECT "id", "accountId", "environment", "companyId", "referencia", 'transmitindo', "request", "dps", "valor", "competencia", "serie",
        "numeroDps", "dpsId", "simulacao", "dpsXml", "ajustes", "regrasVersao", "loteId", ${now}, ${now} FROM r),
    step AS (
      INSERT INTO nfse_timeline (id, nfse_id, tipo, at) SELECT "timelineId", "id", 'criada', ${now} FROM r)
    INSERT INTO transmission_jobs (id, nfse_id, kind, priority, run_at, attempts, payload, created_at)
    SELECT "jobId", "id", 'emitir', 1, ${now}, 0, '{}'::jsonb, ${now} FROM r`;
}
