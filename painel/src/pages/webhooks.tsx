import { useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { eventLabel, EVENT_TYPES } from '../event-types.js';
import { formatDateTime } from '../format.js';
import { Link } from '../router.js';
import { ActionForm, ErrorBox, Loading, PageTitle, Status } from '../ui/ui.js';
import { useQuery } from '../use-query.js';
import { emptyWebhookForm, WebhookFields, webhookInput } from '../webhook-fields.js';

const WEBHOOKS = `{ webhooks { edges { node { id url eventos ativo criadoEm cabecalhos { nome } entregas(first: 1) { totalCount } } } } }`;
const CRIAR = `mutation($input: WebhookInput!) { createWebhook(input: $input) { __typename ... on WebhookWithSecret { id segredo } ${DOMAIN_ERROR} } }`;

interface Webhook {
  id: string;
  url: string;
  eventos: string[];
  ativo: boolean;
  criadoEm: string;
  cabecalhos: Array<{ nome: string }>;
  entregas: { totalCount: number };
}

/** The types a webhook receives, in words (all of them named as such). */
export function eventosText(eventos: string[]): string {
  if (EVENT_TYPES.every((t) => eventos.includes(t))) return `Todos (${eventos.length})`;
  return eventos.map(eventLabel).join(', ');
}

export function Webhooks() {
  const q = useQuery<{ webhooks: { edges: Array<{ node: Webhook }> } }>(WEBHOOKS);
  const [form, setForm] = useState(emptyWebhookForm);
  const [criado, setCriado] = useState<{ id: string; segredo: string } | null>(null);
  return (
    <section>
      <PageTitle>Webhooks</PageTitle>
      <ErrorBox error={q.error} />
      <Loading when={q.loading && !q.data} />
      {!!q.data?.webhooks.edges.length && (
        <div class="tabela">
          <table>
            <thead>
              <tr>
                <th scope="col">Endereço</th>
                <th scope="col">Eventos</th>
                <th scope="col">Situação</th>
                <th scope="col">Criado em</th>
                <th scope="col" class="num">
                  Entregas
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data?.webhooks.edges.map(({ node: w }) => (
                <tr key={w.id}>
                  <td class="quebra" data-rotulo="Endereço">
                    <Link href={`/webhooks/${w.id}`}>{w.url}</Link>
                  </td>
                  <td data-rotulo="Eventos">{eventosText(w.eventos)}</td>
                  <td data-rotulo="Situação">
                    <Status value={w.ativo ? 'ativo' : 'desativado'} />
                  </td>
                  <td data-rotulo="Criado em">{formatDateTime(w.criadoEm)}</td>
                  <td class="num" data-rotulo="Entregas">
                    {w.entregas.totalCount}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {q.data && q.data.webhooks.edges.length === 0 && <p>Nenhum webhook cadastrado.</p>}
      <ActionForm
        label="Novo webhook"
        title="Novo webhook"
        submit="Criar webhook"
        onSubmit={async () => {
          const r = unwrap((await gql(CRIAR, { input: webhookInput(form, true) })).createWebhook) as {
            id: string;
            segredo: string;
          };
          setCriado(r);
          setForm(emptyWebhookForm());
          q.reload();
        }}
      >
        <WebhookFields form={form} onChange={setForm} headers />
      </ActionForm>
      {criado && <Segredo segredo={criado.segredo} onClose={() => setCriado(null)} />}
    </section>
  );
}

/** A webhook secret, shown once (at creation or rotation). */
export function Segredo({ segredo, onClose }: { segredo: string; onClose: () => void }) {
  return (
    <div class="caixa aviso" role="status">
      <p>
        <strong>Segredo de assinatura:</strong> copie-o agora; ele não é mostrado de novo.
      </p>
      <code class="segredo">{segredo}</code>
      <div class="acoes">
        <button type="button" class="secundario" onClick={onClose}>
          Já copiei
        </button>
      </div>
    </div>
  );
}
