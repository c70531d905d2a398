import { useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from './api/graphql.js';
import { ActionForm, Field, Notice } from './ui/ui.js';

const ENVIAR_EMAIL = `mutation($id: String!, $input: NfseEmailRequestInput!) { requestNfseEmail(id: $id, input: $input) { __typename ... on NfseEmail { id destinatarios } ${DOMAIN_ERROR} } }`;

/**
 * The addresses to e-mail the note to (one per line, or separated by commas or semicolons); the send is queued and
 * each attempt appears on the timeline.
 */
export function NotaEmailForm({ id, onClose }: { id: string; onClose: () => void }) {
  const [texto, setTexto] = useState('');
  const [enviado, setEnviado] = useState<string[] | null>(null);
  return (
    <ActionForm
      label="Envio por e-mail"
      title="Enviar por e-mail"
      submit="Enviar"
      actions={
        <button type="button" class="secundario" onClick={onClose}>
          Fechar
        </button>
      }
      onSubmit={async () => {
        setEnviado(null);
        const destinatarios = texto
          .split(/[\s,;]+/)
          .map((s) => s.trim())
          .filter(Boolean);
        const r = unwrap((await gql(ENVIAR_EMAIL, { id, input: { destinatarios } })).requestNfseEmail) as {
          destinatarios: string[];
        };
        setEnviado(r.destinatarios);
      }}
    >
      <Field
        label="Destinatários"
        hint="O PDF (DANFSe) e o XML vão anexos. Até 10 e-mails, um por linha ou separados por vírgula."
        campo="/destinatarios"
      >
        <textarea required value={texto} onInput={(e) => setTexto(e.currentTarget.value)} />
      </Field>
      {enviado && <Notice>Envio para {enviado.join(', ')} na fila; o resultado aparece na linha do tempo.</Notice>}
    </ActionForm>
  );
}
