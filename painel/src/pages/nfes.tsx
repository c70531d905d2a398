import { useState } from 'preact/hooks';
import { formatDateTime, formatDocumento, formatMoney } from '../format.js';
import { NotasBusca } from '../notas-busca.js';
import { Link } from '../router.js';
import { ErrorBox, Loading, MoreButton, PageTitle, Status } from '../ui/ui.js';
import { useConnection } from '../use-connection.js';

const NFES = `query Nfes($filtro: NfeFiltro, $first: Int, $after: String) {
  nfes(first: $first, after: $after, filtro: $filtro) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id referencia status numero serie valorTotal criadaEm modo empresa { razaoSocial cnpj } } }
  }
}`;

const NFE_STATUS = [
  'transmitindo',
  'autorizada',
  'rejeitada',
  'denegada',
  'contingencia_epec',
  'aguardando_confirmacao',
  'cancelada',
  'descartada',
];

interface Linha {
  id: string;
  referencia: string | null;
  status: string;
  numero: string;
  serie: string;
  valorTotal: string;
  criadaEm: string;
  modo: string;
  empresa: { razaoSocial: string; cnpj: string } | null;
}

export function Nfes() {
  const [busca, setBusca] = useState<{ filtro: Record<string, unknown>; first: number }>({ filtro: {}, first: 50 });
  const [formError, setFormError] = useState<string | null>(null);
  const list = useConnection<Linha>(NFES, 'nfes', busca);

  return (
    <section>
      <PageTitle>Notas fiscais eletrônicas (NF-e)</PageTitle>
      <NotasBusca
        statuses={NFE_STATUS}
        exportPath="/painel/api/exportacao/nfe"
        onBusca={({ filtro, first }) => setBusca({ filtro, first })}
        onErro={setFormError}
      />
      <ErrorBox error={formError ?? list.error} />
      <p class="resumo">{list.total != null && `${list.total} nota(s)`}</p>
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Criada em</th>
              <th scope="col">Série/número</th>
              <th scope="col">Referência</th>
              <th scope="col">Empresa</th>
              <th scope="col" class="num">
                Valor total
              </th>
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {list.nodes.map((n) => (
              <tr key={n.id}>
                <td data-rotulo="Criada em">{formatDateTime(n.criadaEm)}</td>
                <td data-rotulo="Série/número">
                  <Link href={`/nfe/${n.id}`}>
                    {n.serie}/{n.numero}
                  </Link>
                </td>
                <td data-rotulo="Referência">{n.referencia ?? '—'}</td>
                <td data-rotulo="Empresa">
                  {n.empresa ? `${n.empresa.razaoSocial} (${formatDocumento(n.empresa.cnpj)})` : '—'}
                </td>
                <td class="num" data-rotulo="Valor total">
                  {formatMoney(n.valorTotal)}
                </td>
                <td data-rotulo="Situação">
                  <Status value={n.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!list.loading && list.nodes.length === 0 && <p>Nenhuma NF-e encontrada.</p>}
      <Loading when={list.loading} />
      <MoreButton hasNext={list.hasNext} onMore={list.more} />
    </section>
  );
}
