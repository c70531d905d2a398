import type { NfseEmailJob } from '../../../generated/prisma/client.js';
import { readJsonColumn } from '../../nucleo/json-column.js';
import { isPermanentMailError } from '../../nucleo/mailer.js';
import { renderNfsePdf } from '../nfse-documents.js';
import type { NfseRequest } from '../validacao/nfse-request.js';
import { composeNfseEmail } from './compose-nfse-email.js';
import type { NfseEmailDeps } from './nfse-email-deps.js';
import { EMAIL_MAX_ATTEMPTS, nextEmailAttemptAt } from './next-email-attempt-at.js';
import { recordEmailAttempt, type EmailAttempt } from './record-email-attempt.js';

/**
 * One claimed e-mail: the note as it stands now (its PDF and XML), to the job's addresses or, for the note's own
 * e-mails, to its request's `email.destinatarios`, else `tomador.email`. Without SMTP or without an address the
 * e-mail is not sent, and the note says so; a failure is retried after its wait until the attempts are spent, and
 * at once given up when the server refused the message for good (SMTP 5xx). Returns the outcome it recorded.
 */
export async function sendEmailJob(deps: NfseEmailDeps, job: NfseEmailJob): Promise<EmailAttempt> {
  const attempt = await attemptSend(deps, job);
  await recordEmailAttempt(deps, job, attempt);
  return attempt;
}

async function attemptSend(deps: NfseEmailDeps, job: NfseEmailJob): Promise<EmailAttempt> {
  const note = await deps.db.nfse.findUniqueOrThrow({ where: { id: job.nfseId } });
  const request = readJsonColumn<NfseRequest>(note.request);
  const destinatarios =
    job.destinatarios.length > 0
      ? job.destinatarios
      : (request.email?.destinatarios ?? (request.tomador?.email ? [request.tomador.email] : []));
  // Claims count attempts: past the last, earlier runs died mid-send (their leases ran out) and the e-mail stops.
  if (job.attempts > EMAIL_MAX_ATTEMPTS)
    return { status: 'falhou', destinatarios, erro: 'As tentativas de envio se esgotaram.', proxima: null };
  if (!deps.mailer)
    return { status: 'nao_enviado', destinatarios, erro: 'O envio de e-mail não está configurado (SMTP).' };
  if (destinatarios.length === 0)
    return { status: 'nao_enviado', destinatarios, erro: 'A nota não tem e-mail do tomador nem destinatários.' };
  if (!note.nfseXml || !note.chaveAcesso)
    return { status: 'nao_enviado', destinatarios, erro: `A nota está ${note.status} e não tem NFS-e.` };
  try {
    const company = await deps.db.company.findUniqueOrThrow({
      where: { id: note.companyId },
      select: { razaoSocial: true, cnpj: true },
    });
    const withXml = { ...note, nfseXml: note.nfseXml, chaveAcesso: note.chaveAcesso };
    const mail = composeNfseEmail({ note: withXml, company, pdf: await renderNfsePdf(deps, withXml) });
    await deps.mailer.send({ ...mail, to: destinatarios });
    return { status: 'enviado', destinatarios };
  } catch (err) {
    deps.logger.warn({ err, emailId: job.id, nfseId: job.nfseId, attempt: job.attempts }, 'NFS-e e-mail failed');
    const proxima = isPermanentMailError(err) ? null : nextEmailAttemptAt(job.attempts, deps.clock.now());
    return { status: 'falhou', destinatarios, erro: describe(err), proxima };
  }
}

/** The server's reply or the connection's error, as the note's timeline shows it. */
function describe(err: unknown): string {
  const e = err as { response?: unknown; code?: unknown; message?: unknown };
  const text = typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : String(err);
  const code = typeof e.code === 'string' ? `${e.code}: ` : '';
  return `${code}${text}`.slice(0, 500);
}
