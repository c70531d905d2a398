import type { Tx } from '../../eventos/append-events.js';
import { newId } from '../../nucleo/new-id.js';

/** What an e-mail job is for: the note's authorisation, its cancellation, or a request naming the addresses. */
export type EmailMotivo = 'autorizacao' | 'cancelamento' | 'sob_demanda';

/** The `chave` of the e-mails a note's own change queues: one per note and motivo. */
export const AUTOMATIC_KEY = 'automatico';

/**
 * Whether note `n` (a row with `request`, joined to its company `c`) is e-mailed to its taker when it is authorised
 * or cancelled: the request's `email.enviar`, else the company's `email_tomador_automatico`. The one statement of
 * this rule, for every writer that queues those e-mails in the transaction of the note's change.
 */
export const EMAIL_WANTED_SQL = `coalesce((n.request->'email'->>'enviar')::boolean, c.email_tomador_automatico)`;

/**
 * Queues the e-mail of the note's change (`cancelamento`) in the transaction that makes it, when EMAIL_WANTED_SQL
 * says so; once per note and motivo (a repeated change queues nothing more).
 */
export async function enqueueAutomaticEmail(
  tx: Tx,
  noteId: string,
  motivo: Exclude<EmailMotivo, 'sob_demanda'>,
  now: Date,
): Promise<boolean> {
  const inserted = await tx.$executeRawUnsafe(
    `INSERT INTO nfse_email_jobs (id, account_id, environment, nfse_id, motivo, chave, run_at, created_at, updated_at)
     SELECT $1::uuid, n.account_id, n.environment, n.id, $3, '${AUTOMATIC_KEY}', $4::timestamptz, $4::timestamptz, $4::timestamptz
     FROM nfse n JOIN companies c ON c.id = n.company_id
     WHERE n.id = $2::uuid AND ${EMAIL_WANTED_SQL}
     ON CONFLICT (nfse_id, motivo, chave) DO NOTHING`,
    newId(),
    noteId,
    motivo,
    now.toISOString(),
  );
  return inserted > 0;
}
