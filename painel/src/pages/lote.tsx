import { useEffect, useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { formatDateTime, formatInteger } from '../format.js';
import { CONTAGENS, LoteProgresso, type Contagens } from '../lote-progresso.js';
import { Link } from '../router.js';
import {
  ActionButton,
  ErrorBox,
  label,
  LiveMark,
  Loading,
  MoreButton,
  PageTitle,
  Status,
  FilterSelect,
} from '../ui/ui.js';
import { useConnection } from '../use-connection.js';
import { useQuery } from '../use-query.js';
import { useLiveConnection, useSubscription } from '../use-subscription.js';

const LOTE_CAMPOS = `id status origem aoValidar total criadoEm atualizadoEm concluidoEm empresaId erro { codigo mensagem } ${CONTAGENS}`;
const LOTE = `query($id: String!) { lote(id: $id) { __typename ... on Lote { ${LOTE_CAMPOS} } ${DOMAIN_ERROR} } }`;
const ATUALIZADO = `subscription($id: ID!) { loteAtualizado(id: $id) { ${LOTE_CAMPOS} } }`;
const ITENS = `query Itens($id: String!, $status: LoteItemStatus, $after: String) {
  lote(id: $id) { ... on Lote { itens(first: 100, after: $after, status: $status) {
    pageInfo { hasNextPage endCursor }
    edges { node { linha referencia status numero nfseId erros { campo mensagem } rejeicao { codigoOficial mensagem } falha { motivo } } }
  } } }
}`;
// The lines of a batch answered as a lote: its connection, or none when the batch is not found.
const LOTE_ITENS = (d: any) => d.lote.itens ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null } };
const EMITIR = `mutation($id: String!) { emitLote(id: $id, input: { todas: true }) { __typename ... on Lote { ${LOTE_CAMPOS} } ${DOMAIN_ERROR} } }`;

const CONTAGEM_ROTULOS: Array<[keyof Contagens, string]> = [
  ['autorizada', 'Autorizadas'],
  ['transmitindo', 'Transmitindo'],
  ['aguardandoEmissao', 'Aguardando emissão'],
  ['aguardandoConfirmacao', 'Aguardando confirmação'],
  ['rejeitada', 'Rejeitadas'],
  ['falhaTransmissao', 'Falha de transmissão'],
  ['comErroValidacao', 'Erro de validação'],
  ['jaExistente', 'Já existentes'],
  ['cancelada', 'Canceladas'],
  ['descartada', 'Descartadas'],
];

interface Item {
  linha: number;
  referencia: string | null;
  status: string;
  numero: string | null;
  nfseId: string | null;
  erros: Array<{ campo: string | null; mensagem: string }>;
  rejeicao: { codigoOficial: string | null; mensagem: string } | null;
  falha: { motivo: string } | null;
}

export function Lote({ id }: { id: string }) {
  const q = useQuery<{ lote: any }>(LOTE, { id });
  const live = useLiveConnection();
  const [atual, setAtual] = useState<any>(null);
  const [status, setStatus] = useState('');
  const itens = useConnection<Item>(ITENS, LOTE_ITENS, { id, ...(status ? { status } : {}) });
  useSubscription<{ loteAtualizado: any }>(ATUALIZADO, { id }, (d) => setAtual(d.loteAtualizado));
  const lote = atual ?? q.data?.lote;
  // The lines are read again when the batch moves on, so their statuses follow the counts.
  const atualizado = atual?.atualizadoEm;
  useEffect(() => {
    if (atualizado) itens.reloadSoon();
  }, [atualizado]);

  if (!lote || lote.__typename === 'DomainError') {
    return (
      <section>
        <PageTitle>Lote</PageTitle>
        <ErrorBox error={q.error ?? lote?.mensagem} />
        <Loading when={q.loading} />
      </section>
    );
  }
  return (
    <section>
      <p class="trilha">
        <Link href="/lotes">Lotes</Link> ›
      </p>
      <PageTitle>
        Lote de {formatDateTime(lote.criadoEm)} <Status value={lote.status} />
      </PageTitle>
      <LiveMark up={live} />
      <LoteProgresso contagens={lote.contagens} total={lote.total} />
      <dl class="dados">
        <dt>Linhas</dt>
        <dd>{formatInteger(lote.total)}</dd>
        <dt>Origem</dt>
        <dd>{label(lote.origem)}</dd>
        <dt>Ao validar</dt>
        <dd>{lote.aoValidar === 'aguardar' ? 'Aguardar confirmação' : 'Emitir as válidas'}</dd>
        <dt>Concluído em</dt>
        <dd>{formatDateTime(lote.concluidoEm)}</dd>
        {CONTAGEM_ROTULOS.filter(([k]) => lote.contagens[k] > 0).map(([k, text]) => (
          <>
            <dt>{text}</dt>
            <dd data-contagem={k}>{formatInteger(lote.contagens[k])}</dd>
          </>
        ))}
      </dl>
      <p>
        <a href={`/painel/api/lotes/${encodeURIComponent(lote.id)}/relatorio`} download>
          Baixar o relatório (.xlsx)
        </a>
      </p>
      {lote.erro && <ErrorBox error={`${lote.erro.mensagem} (${lote.erro.codigo})`} />}
      {lote.status === 'aguardando_emissao' && (
        <div class="acoes">
          <ActionButton onAction={async () => setAtual(unwrap((await gql(EMITIR, { id })).emitLote))}>
            Emitir as linhas válidas
          </ActionButton>
        </div>
      )}
      <h2>Linhas</h2>
      <div class="filtros">
        <FilterSelect
          label="Situação da linha"
          value={status}
          onChange={setStatus}
          options={[
            'autorizada',
            'rejeitada',
            'falha_transmissao',
            'com_erro_validacao',
            'ja_existente',
            'aguardando_emissao',
            'transmitindo',
          ].map((s) => [s, label(s)] as const)}
        />
      </div>
      <ErrorBox error={itens.error} />
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col" class="num">
                Linha
              </th>
              <th scope="col">Referência</th>
              <th scope="col">Situação</th>
              <th scope="col">Número</th>
              <th scope="col">Mensagens</th>
            </tr>
          </thead>
          <tbody>
            {itens.nodes.map((item) => (
              <tr key={item.linha}>
                <td class="num">{item.linha}</td>
                <td>
                  {item.nfseId ? (
                    <Link href={`/notas/${item.nfseId}`}>{item.referencia ?? item.nfseId}</Link>
                  ) : (
                    (item.referencia ?? '—')
                  )}
                </td>
                <td>
                  <Status value={item.status} />
                </td>
                <td>{item.numero ?? '—'}</td>
                <td>
                  {item.erros.map((e) => (
                    <div>
                      {e.campo && <code>{e.campo}</code>} {e.mensagem}
                    </div>
                  ))}
                  {item.rejeicao && (
                    <div>
                      {item.rejeicao.codigoOficial ? `${item.rejeicao.codigoOficial}: ` : ''}
                      {item.rejeicao.mensagem}
                    </div>
                  )}
                  {item.falha && <div>{item.falha.motivo}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Loading when={itens.loading} />
      <MoreButton hasNext={itens.hasNext} onMore={itens.more} />
    </section>
  );
}
