import { useEffect, useRef, useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { eventLabel } from '../event-types.js';
import { endOfDayBr, formatDateTime, parseDataBr, startOfDayBr } from '../format.js';
import { Link, navigate } from '../router.js';
import {
  ActionButton,
  ActionForm,
  DateField,
  ErrorBox,
  FilterSelect,
  LiveMark,
  Loading,
  MoreButton,
  Notice,
  PageTitle,
  Status,
} from '../ui/ui.js';
import { type ConnectionState, useConnection } from '../use-connection.js';
import { useQuery } from '../use-query.js';
import { useLiveConnection, useSubscription } from '../use-subscription.js';
import { WebhookFields, webhookInput, type WebhookForm } from '../webhook-fields.js';
import { eventosText, Segredo } from './webhooks.js';

const WEBHOOK = `query($id: ID!) { webhook(id: $id) { __typename ... on Webhook { id url eventos ativo criadoEm atualizadoEm cabecalhos { nome } } ${DOMAIN_ERROR} } }`;
const ENTREGAS = `query Entregas($id: ID!, $status: String, $after: String) {
  webhookDeliveries(id: $id, first: 50, after: $after, status: $status) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id tipo status origem eventoId criadaEm entregueEm proximaTentativaEm tentativas { numero em statusHttp erro duracaoMs } } }
  }
}`;
const ROTACIONAR = `mutation($id: ID!) { rotateWebhookSecret(id: $id) { __typename ... on WebhookWithSecret { segredo } ${DOMAIN_ERROR} } }`;
const EDITAR = `mutation($id: ID!, $input: WebhookInput!) { updateWebhook(id: $id, input: $input) { __typename ... on Webhook { id } ${DOMAIN_ERROR} } }`;
const EXCLUIR = `mutation($id: ID!) { deleteWebhook(id: $id) { __typename ... on WebhookRemoved { id } ${DOMAIN_ERROR} } }`;
// A new event of the types the webhook receives means a new delivery: the list is read again when one arrives.
const NOVOS_EVENTOS = `subscription($tipos: [EventType!]) { eventos(tipos: $tipos) { id } }`;
// The list is read again this often: while an event's delivery is not in it yet (the row is written with the
// first attempt, after the event), for at most ESPERA_ENTREGA_MS after the event;
const ENTREGA_NOVA_MS = 2000;
const ESPERA_ENTREGA_MS = 60_000;
// while a delivery is pending (its attempts change it without an event);
const PENDENTES_MS = 5000;
// and otherwise, so that a delivery whose event the page did not hear of (committed while the subscription was
// opening, or while the live connection was down) still shows.
const SEM_AVISO_MS = 15_000;
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
  const [editando, setEditando] = useState(false);
  const w = q.data?.webhook;
  const tipos: string[] | null = w && w.__typename !== 'DomainError' ? w.eventos : null;
  const live = useLiveConnection();
  // Each event heard of, with the time until which its delivery is waited for.
  const [esperadas, setEsperadas] = useState<ReadonlyMap<string, number>>(new Map());
  useSubscription<{ eventos: { id: string } }>(tipos && NOVOS_EVENTOS, { tipos }, (data) => {
    entregas.reloadSoon();
    const agora = Date.now();
    setEsperadas((m) =>
      new Map([...m].filter(([, ate]) => ate > agora)).set(data.eventos.id, agora + ESPERA_ENTREGA_MS),
    );
  });
  const mostradas = new Set(entregas.nodes.map((e) => e.eventoId));
  const agora = Date.now();
  const intervalo = [...esperadas].some(([evento, ate]) => ate > agora && !mostradas.has(evento))
    ? ENTREGA_NOVA_MS
    : entregas.nodes.some((e) => e.status === 'pendente')
      ? PENDENTES_MS
      : SEM_AVISO_MS;
  const reload = useRef(entregas.reloadSoon);
  reload.current = entregas.reloadSoon;
  useEffect(() => {
    const timer = setInterval(() => reload.current(), intervalo);
    return () => clearInterval(timer);
  }, [intervalo]);
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
      <PageTitle>
        Webhook <Status value={w.ativo ? 'ativo' : 'desativado'} />
      </PageTitle>
      <dl class="dados">
        <dt>Endereço</dt>
        <dd class="quebra">{w.url}</dd>
        <dt>Eventos</dt>
        <dd>{eventosText(w.eventos)}</dd>
        <dt>Cabeçalhos</dt>
        <dd>{w.cabecalhos.length ? w.cabecalhos.map((c: { nome: string }) => c.nome).join(', ') : '—'}</dd>
        <dt>Criado em</dt>
        <dd>{formatDateTime(w.criadoEm)}</dd>
        <dt>Alterado em</dt>
        <dd>{formatDateTime(w.atualizadoEm)}</dd>
      </dl>
      <div class="acoes">
        <button type="button" class="secundario" aria-expanded={editando} onClick={() => setEditando(!editando)}>
          Editar
        </button>
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
        <ActionButton
          class="secundario"
          confirm={
            w.ativo
              ? 'Desativar este webhook? Nada é entregue a ele enquanto estiver desativado e as entregas pendentes são encerradas.'
              : undefined
          }
          onAction={async () => {
            unwrap((await gql(EDITAR, { id, input: { ativo: !w.ativo } })).updateWebhook);
            q.reload();
            entregas.reload();
          }}
        >
          {w.ativo ? 'Desativar' : 'Ativar'}
        </ActionButton>
        <ActionButton
          class="perigo"
          confirm="Excluir este webhook? Ele deixa de receber eventos e as entregas pendentes são encerradas."
          onAction={async () => {
            unwrap((await gql(EXCLUIR, { id })).deleteWebhook);
            navigate('/webhooks');
          }}
        >
          Excluir
        </ActionButton>
      </div>
      {segredo && <Segredo segredo={segredo} onClose={() => setSegredo(null)} />}
      {editando && (
        <Edicao
          id={id}
          inicial={{ url: w.url, eventos: w.eventos, cabecalhos: [] }}
          onDone={() => {
            setEditando(false);
            q.reload();
          }}
        />
      )}

      <ReenvioForm id={id} onReenviado={entregas.reload} />

      <h2>
        Entregas <LiveMark up={live} />
      </h2>
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
      <EntregasTabela id={id} entregas={entregas} />
      {!entregas.loading && entregas.nodes.length === 0 && <p>Nenhuma entrega.</p>}
      <Loading when={entregas.loading && entregas.nodes.length === 0} />
      <MoreButton hasNext={entregas.hasNext} onMore={entregas.more} />
    </section>
  );
}

/** The deliveries: each with its last attempt and a button that resends it (or, still pending, tries it now). */
function EntregasTabela({ id, entregas }: { id: string; entregas: ConnectionState<Entrega> }) {
  return (
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
              <tr key={e.id} data-entrega={e.id}>
                <td data-rotulo="Criada em">{formatDateTime(e.criadaEm)}</td>
                <td data-rotulo="Evento">{eventLabel(e.tipo)}</td>
                <td data-rotulo="Situação">
                  <Status value={e.status} />
                </td>
                <td data-rotulo="Última tentativa">
                  {ultima
                    ? `${formatDateTime(ultima.em)} — ${ultima.statusHttp ? `HTTP ${ultima.statusHttp}` : (ultima.erro ?? '—')} (${e.tentativas.length}ª)`
                    : '—'}
                </td>
                <td data-rotulo="Próxima tentativa">{formatDateTime(e.proximaTentativaEm)}</td>
                <td>
                  <ActionButton
                    class="secundario"
                    aria-label={`Reenviar o evento ${e.eventoId}`}
                    onAction={async () => (
                      unwrap((await gql(REENVIAR, { id, input: { eventoId: e.eventoId } })).resendWebhookEvents),
                      entregas.reload()
                    )}
                  >
                    {e.status === 'pendente' ? 'Tentar agora' : 'Reenviar'}
                  </ActionButton>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Changes the URL and the event types (custom headers stay as they are: their values are never shown). */
function Edicao(props: { id: string; inicial: WebhookForm; onDone: () => void }) {
  const [form, setForm] = useState(props.inicial);
  return (
    <ActionForm
      label="Editar webhook"
      title="Editar webhook"
      submit="Salvar alterações"
      onSubmit={async () => {
        unwrap((await gql(EDITAR, { id: props.id, input: webhookInput(form, false) })).updateWebhook);
        props.onDone();
      }}
    >
      <WebhookFields form={form} onChange={setForm} headers={false} />
    </ActionForm>
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
      title="Reenviar eventos de um período"
    >
      <div class="grade">
        <DateField
          label="Desde"
          campo="/desde"
          required
          value={reenvio.desde}
          onInput={(v) => setReenvio({ ...reenvio, desde: v })}
        />
        <DateField
          label="Até"
          campo="/ate"
          required
          value={reenvio.ate}
          onInput={(v) => setReenvio({ ...reenvio, ate: v })}
        />
      </div>
      {reenviados && <Notice>{reenviados}</Notice>}
    </ActionForm>
  );
}
