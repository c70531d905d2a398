import { useState } from 'preact/hooks';
import { formatDateTime, formatDocumento, formatMoney } from '../format.js';
import { NotasBusca } from '../notas-busca.js';
import { Link } from '../router.js';
import { ErrorBox, label, LiveMark, Loading, MoreButton, PageTitle, Status } from '../ui/ui.js';
import { useConnection } from '../use-connection.js';
import { useLiveConnection, useSubscription } from '../use-subscription.js';

const NFSE_LINHA = 'id referencia status numero valor origem criadaEm empresa { razaoSocial cnpj }';

const NOTAS = `query Notas($filtro: NotasFiltro, $first: Int, $after: String) {
  notas(first: $first, after: $after, filtro: $filtro) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { ${NFSE_LINHA} } }
  }
}`;

const ATUALIZADA = `subscription { nfseAtualizada { ${NFSE_LINHA} } }`;

const NFSE_STATUS = [
  'transmitindo',
  'autorizada',
  'rejeitada',
  'falha_transmissao',
  'aguardando_confirmacao',
  'cancelada',
  'descartada',
];

interface Linha {
  id: string;
  referencia: string | null;
  status: string;
  numero: string | null;
  valor: string;
  origem: string;
  criadaEm: string;
  empresa: { razaoSocial: string; cnpj: string } | null;
}

export function Notas() {
  const [busca, setBusca] = useState<{ filtro: Record<string, unknown>; first: number }>({ filtro: {}, first: 50 });
  const [formError, setFormError] = useState<string | null>(null);
  const live = useLiveConnection();
  const list = useConnection<Linha>(NOTAS, 'notas', busca);
  const [novas, setNovas] = useState(0);

  // A note already listed changes in place; a new one is counted, and the list reloads only when it matches.
  useSubscription<{ nfseAtualizada: Linha }>(ATUALIZADA, {}, ({ nfseAtualizada: nota }) => {
    if (list.nodes.some((n) => n.id === nota.id))
      list.patch((nodes) => nodes.map((n) => (n.id === nota.id ? nota : n)));
    else {
      setNovas((n) => n + 1);
      list.reloadSoon();
    }
  });

  return (
    <section>
      <PageTitle>Notas de serviço (NFS-e)</PageTitle>
      <LiveMark up={live} />
      <NotasBusca
        statuses={NFSE_STATUS}
        exportPath="/painel/api/exportacao/nfse"
        onBusca={({ filtro, first }) => setBusca({ filtro, first })}
        onErro={setFormError}
      />
      <ErrorBox error={formError ?? list.error} />
      <p class="resumo" aria-live="polite">
        {list.total != null && `${list.total} nota(s)`}
        {novas > 0 && ` · ${novas} atualização(ões) ao vivo`}
      </p>
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Criada em</th>
              <th scope="col">Referência</th>
              <th scope="col">Empresa</th>
              <th scope="col">Número</th>
              <th scope="col" class="num">
                Valor
              </th>
              <th scope="col">Situação</th>
              <th scope="col">Origem</th>
            </tr>
          </thead>
          <tbody>
            {list.nodes.map((n) => (
              <tr key={n.id} data-nota={n.id}>
                <td data-rotulo="Criada em">{formatDateTime(n.criadaEm)}</td>
                <td data-rotulo="Referência">
                  <Link href={`/notas/${n.id}`}>{n.referencia ?? n.id}</Link>
                </td>
                <td data-rotulo="Empresa">
                  {n.empresa ? (
                    <>
                      {n.empresa.razaoSocial}
                      <br />
                      <small>{formatDocumento(n.empresa.cnpj)}</small>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td data-rotulo="Número">{n.numero ?? '—'}</td>
                <td class="num" data-rotulo="Valor">
                  {formatMoney(n.valor)}
                </td>
                <td data-rotulo="Situação">
                  <Status value={n.status} />
                </td>
                <td data-rotulo="Origem" data-origem={n.origem}>
                  {label(n.origem)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!list.loading && list.nodes.length === 0 && <p>Nenhuma nota encontrada.</p>}
      <Loading when={list.loading} />
      <MoreButton hasNext={list.hasNext} onMore={list.more} />
    </section>
  );
}
