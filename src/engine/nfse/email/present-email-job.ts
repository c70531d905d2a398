import type { NfseEmailJob } from '../../../generated/prisma/client.js';

/** An e-mail job as `POST /v1/nfse/{id}/email` answers it (GraphQL `NfseEmail`). */
export function presentEmailJob(job: NfseEmailJob) {
  return {
    id: job.id,
    nfse_id: job.nfseId,
    motivo: job.motivo,
    destinatarios: job.destinatarios,
    status: job.status,
    tentativas: job.attempts,
    proxima_tentativa_em: job.status === 'pendente' ? job.runAt.toISOString() : null,
    enviado_em: job.sentAt?.toISOString() ?? null,
    erro: job.erro,
    criado_em: job.createdAt.toISOString(),
  };
}

export type EmailJobView = ReturnType<typeof presentEmailJob>;
