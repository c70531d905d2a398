import type { Principal } from '../../chaves/principal.js';
import { EngineError } from '../../errors.js';
import { newId } from '../../nucleo/new-id.js';
import { readBody } from '../../nucleo/read-body.js';
import { findNfse } from '../find-nfse.js';
import type { NfseEmailDeps } from './nfse-email-deps.js';
import { requestNfseEmailBody } from './email-body.js';
import { presentEmailJob, type EmailJobView } from './present-email-job.js';

export interface RequestNfseEmailOptions {
  id: string;
  /** `{destinatarios}` as the caller sent it. */
  body: unknown;
}

/**
 * `POST /v1/nfse/{id}/email`: queues the note's PDF and XML to the addresses given, sent by the worker (202 with
 * the job). A repeated request is a new e-mail; Idempotency-Key makes a retried request answer the first one's
 * job. Refused while the note has no NFS-e (409 `nfse_sem_pdf`) and when the service has no SMTP (503
 * `email_nao_configurado`): nothing would ever send it.
 */
export async function requestNfseEmail(
  deps: NfseEmailDeps,
  principal: Principal,
  options: RequestNfseEmailOptions,
): Promise<EmailJobView> {
  const { destinatarios } = readBody(requestNfseEmailBody, options.body);
  const note = await findNfse(deps, principal, { id: options.id });
  if (!note.nfseXml || !note.chaveAcesso) {
    throw new EngineError(
      'nfse_sem_pdf',
      `A nota ${note.id} ainda não tem NFS-e para enviar (status ${note.status}).`,
      {
        correcao: 'Envie por e-mail depois que a nota for autorizada.',
        extra: { nfse_id: note.id },
      },
    );
  }
  if (!deps.mailer) {
    throw new EngineError('email_nao_configurado', 'O envio de e-mail não está configurado neste serviço (SMTP).', {
      correcao: 'Quem opera o serviço deve configurar SMTP_HOST (ou SMTP_URL) e SMTP_FROM.',
    });
  }
  const now = deps.clock.now();
  const job = await deps.db.nfseEmailJob.create({
    data: {
      id: newId(),
      accountId: note.accountId,
      environment: note.environment,
      nfseId: note.id,
      motivo: 'sob_demanda',
      chave: newId(),
      destinatarios,
      runAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  return presentEmailJob(job);
}
