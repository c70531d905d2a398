import * as v from 'valibot';
import { issueMessage } from '../../nucleo/issue-message.js';
import { textMember, typeMember } from '../validacao/member-schemas.js';

/** An e-mail address as the taker's and the recipients' are checked. */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Recipients of one NFS-e e-mail: enough for a taker's finance team, few enough that the service is no mass mailer. */
export const MAX_DESTINATARIOS = 10;

const destinatario = v.pipe(
  textMember('O e-mail do destinatário', { max: 254, required: true }),
  v.check(
    (s) => EMAIL_ADDRESS.test(s),
    (i) => issueMessage(`O e-mail "${i.input}" não é válido.`, 'Informe um endereço como nome@dominio.com.br.'),
  ),
);

/** `destinatarios`: 1 to MAX_DESTINATARIOS addresses, each once (compared without case). */
export const destinatariosMember = () =>
  v.pipe(
    v.array(destinatario, typeMember('uma lista de e-mails')),
    v.minLength(1, issueMessage('A lista de destinatários está vazia.', 'Informe ao menos um e-mail.')),
    v.maxLength(
      MAX_DESTINATARIOS,
      issueMessage(
        `No máximo ${MAX_DESTINATARIOS} destinatários por envio.`,
        `Informe até ${MAX_DESTINATARIOS} e-mails.`,
      ),
    ),
    v.check(
      (list) => new Set(list.map((s) => s.toLowerCase())).size === list.length,
      issueMessage('Há e-mails repetidos na lista de destinatários.', 'Informe cada e-mail uma vez.'),
    ),
  );
