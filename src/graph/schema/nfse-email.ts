import { requestNfseEmail } from '../../engine/nfse/email/request-nfse-email.js';
import type { EmailJobView } from '../../engine/nfse/email/present-email-job.js';
import { builder } from '../builder.js';
import { FIELD_WORK } from '../field-work.js';
import { principalOf } from './principal-of.js';

export const NfseEmailRef = builder.objectRef<EmailJobView>('NfseEmail').implement({
  description:
    "An e-mail of an NFS-e (its DANFSe and XML), sent by the worker with retries; each attempt is a step on the note's timeline and an NFSE_EMAIL_ENVIADO or NFSE_EMAIL_FALHOU event.",
  fields: (t) => ({
    id: t.exposeID('id'),
    nfseId: t.exposeID('nfse_id'),
    motivo: t.exposeString('motivo', { description: 'autorizacao, cancelamento or sob_demanda.' }),
    destinatarios: t.exposeStringList('destinatarios', {
      description: "The addresses; empty until a note's own e-mail is first attempted (its taker's).",
    }),
    status: t.exposeString('status', { description: 'pendente, enviado, falhou or nao_enviado.' }),
    tentativas: t.exposeInt('tentativas'),
    proximaTentativaEm: t.expose('proxima_tentativa_em', { type: 'DateTime', nullable: true }),
    enviadoEm: t.expose('enviado_em', { type: 'DateTime', nullable: true }),
    erro: t.exposeString('erro', { nullable: true, description: 'The last failed attempt: the SMTP reply or error.' }),
    criadoEm: t.expose('criado_em', { type: 'DateTime' }),
  }),
});

const NfseEmailRequestInput = builder.inputType('NfseEmailRequestInput', {
  fields: (t) => ({
    destinatarios: t.stringList({ description: 'E-mail addresses, 1 to 10, each once.' }),
  }),
});

builder.mutationFields((t) => ({
  requestNfseEmail: t.field({
    complexity: FIELD_WORK.authority,
    type: NfseEmailRef,
    description:
      "Queues an e-mail of an authorised or cancelled NFS-e (DANFSe and XML; a cancellation's event XML too) to the addresses given; the worker sends it. " +
      'nfse_sem_pdf while the note has no NFS-e; email_nao_configurado when the service has no SMTP.',
    authScopes: { authenticated: true },
    args: {
      id: t.arg.string({ required: true }),
      input: t.arg({ type: NfseEmailRequestInput, required: true }),
    },
    errors: {},
    resolve: (_r, args, ctx) => requestNfseEmail(ctx.engine, principalOf(ctx), { id: args.id, body: args.input }),
  }),
}));
