import { useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { endOfDayBr, formatDateTime, parseDataBr, startOfDayBr } from '../format.js';
import { Link } from '../router.js';
import {
  ActionButton,
  ActionForm,
  DateField,
  ErrorBox,
  FilterSelect,
  Loading,
  MoreButton,
  Notice,
  PageTitle,
  Status,
} from '../ui/ui.js';
import { useConnection } from '../use-connection.js';
import { useQuery } from '../use-query.js';
import { Segredo } from './webhooks.js';

const WEBHOOK = `query($id: ID!) { webhook(id: $id) { __typename ... on Webhook { id url eventos criadoEm atualizadoEm cabecalhos { nome } } ${DOMAIN_ERROR} } }`;
const ENTREGAS = `query Entregas($id: ID!, $status: String, $after: String) {
  webhookDeliveries(id: $id, first: 50, after: $after, status: $status) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id tipo status origem eventoId criadaEm entregueEm proximaTentativaEm tentativas { numero em statusHttp erro duracaoMs } } }
  }
}`;
const ROTACIONAR = `mutation($id: ID!) { rotateWebhookSecret(id: $id) { __typename ... on WebhookWithSecret { segredo } ${DOMAIN_ERROR} } }`;
const TESTAR = `mutation($id: ID!) { testWebhook(id: $id) { __typename ... on WebhookTest { entregaId } ${DOMAIN_ERROR} } }`;
const REENVIAR = `mutation($id: ID!, $input: WebhookReenvioInput!) { resendWebhookEvents(id: $id, input: $input) { __typename ... on WebhookResend { total continuarDesde } ${DOMAIN_ERROR} } }`;

interface Entrega {
  id: string;
  tipo: string;
  status: string;
  origem: string;
  eventoId: string;
  criadaEm: string;
  entregueEm: string | null;
  proximaTentativaEm: string | null;
  tentativas: Array<{ numero: number; em: string; statusHttp: number | null; erro: string | null; duracaoMs: number }>;
}

export function Webhook({ id }: { id: string }) {
  const q = useQuery<{ webhook: any }>(WEBHOOK, { id });
  const [status, setStatus] = useState('');
  const entregas = useConnection<Entrega>(ENTREGAS, 'webhookDeliveries', { id, ...(status ? { status } : {}) });
  const [segredo, setSegredo] = useState<string | null>(null);
  const w = q.data?.webhook;
  if (!w || w.__typename === 'DomainError') {
    return (
      <section>
        <PageTitle>Webhook</PageTitle>
        <ErrorBox error={q.error ?? w?.mensagem} />
        <Loading when={q.loading} />
      </section>
    );
  }
  return (
    <section>
      <p class="trilha">
        <Link href="/webhooks">Webhooks</Link> ›
      </p>
      <PageTitle>Webhook</PageTitle>
      <dl class="dados">
        <dt>Endereço</dt>
        <dd class="quebra">{w.url}</dd>
        <dt>Eventos</dt>
        <dd>{w.eventos.length ? w.eventos.join(', ') : 'Todos'}</dd>
        <dt>Cabeçalhos</dt>
        <dd>{w.cabecalhos.length ? w.cabecalhos.map((c: { nome: string }) => c.nome).join(', ') : '—'}</dd>
        <dt>Criado em</dt>
        <dd>{formatDateTime(w.criadoEm)}</dd>
      </dl>
      <div class="acoes">
        <ActionButton
          class="secundario"
          onAction={async () => (unwrap((await gql(TESTAR, { id })).testWebhook), entregas.reload())}
        >
          Enviar teste
        </ActionButton>
        <ActionButton
          class="secundario"
          confirm="Gerar um novo segredo? O anterior continua valendo por 24 horas."
          onAction={async () =>
            setSegredo((unwrap((await gql(ROTACIONAR, { id })).rotateWebhookSecret) as { segredo: string }).segredo)
          }
        >
          Rotacionar segredo
        </ActionButton>
      </div>
      {segredo && <Segredo segredo={segredo} onClose={() => setSegredo(null)} />}

      <ReenvioForm id={id} onReenviado={entregas.reload} />

      <h2>Entregas</h2>
      <div class="filtros">
        <FilterSelect
          label="Situação"
          value={status}
          onChange={setStatus}
          options={
            [
              ['pendente', 'Pendente'],
              ['entregue', 'Entregue'],
              ['falhou', 'Falhou'],
            ] as const
          }
        />
      </div>
      <ErrorBox error={entregas.error} />
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Criada em</th>
              <th scope="col">Evento</th>
              <th scope="col">Situação</th>
              <th scope="col">Última tentativa</th>
              <th scope="col">Próxima tentativa</th>
              <th scope="col">
                <span class="sr">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entregas.nodes.map((e) => {
              const ultima = e.tentativas[e.tentativas.length - 1];
              return (
                <tr key={e.id}>
                  <td>{formatDateTime(e.criadaEm)}</td>
                  <td>
                    <code>{e.tipo}</code>
                  </td>
                  <td>
                    <Status value={e.status} />
                  </td>
                  <td>
                    {ultima
                      ? `${formatDateTime(ultima.em)} — ${ultima.statusHttp ?? ultima.erro ?? '—'} (${e.tentativas.length}ª)`
                      : '—'}
                  </td>
                  <td>{formatDateTime(e.proximaTentativaEm)}</td>
                  <td>
                    <ActionButton
                      class="secundario"
                      aria-label={`Reenviar o evento ${e.eventoId}`}
                      onAction={async () => (
                        unwrap((await gql(REENVIAR, { id, input: { eventoId: e.eventoId } })).resendWebhookEvents),
                        entregas.reload()
                      )}
                    >
                      Reenviar
                    </ActionButton>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {!entregas.loading && entregas.nodes.length === 0 && <p>Nenhuma entrega.</p>}
      <Loading when={entregas.loading} />
      <MoreButton hasNext={entregas.hasNext} onMore={entregas.more} />
    </section>
  );
}

/** Puts the events of a period in the webhook's queue again; says how many, and where to continue from. */
function ReenvioForm({ id, onReenviado }: { id: string; onReenviado: () => void }) {
  const [reenvio, setReenvio] = useState({ desde: '', ate: '' });
  const [reenviados, setReenviados] = useState<string | null>(null);
  return (
    <ActionForm
      label="Reenviar eventos"
      submit="Reenviar"
      onSubmit={async () => {
        const desde = parseDataBr(reenvio.desde);
        const ate = parseDataBr(reenvio.ate);
        if (!desde || !ate) throw new Error('Informe as duas datas como dd/mm/aaaa.');
        const r = unwrap(
          (await gql(REENVIAR, { id, input: { desde: startOfDayBr(desde), ate: endOfDayBr(ate) } }))
            .resendWebhookEvents,
        ) as { total: number; continuarDesde: string | null };
        setReenviados(
          `${r.total} evento(s) na fila de novo${r.continuarDesde ? `; continue a partir de ${formatDateTime(r.continuarDesde)}` : ''}.`,
        );
        onReenviado();
      }}
    >
      <h2>Reenviar eventos de um período</h2>
      <div class="grade">
        <DateField label="Desde" required value={reenvio.desde} onInput={(v) => setReenvio({ ...reenvio, desde: v })} />
        <DateField label="Até" required value={reenvio.ate} onInput={(v) => setReenvio({ ...reenvio, ate: v })} />
      </div>
      {reenviados && <Notice>{reenviados}</Notice>}
    </ActionForm>
  );
}
