import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { formatDateTime } from '../format.js';
import { Link } from '../router.js';
import { ActionButton, ErrorBox, Loading, MoreButton, PageTitle } from '../ui/ui.js';
import { useConnection } from '../use-connection.js';

const DESISTIDAS = `query($after: String) { transmissoesDesistidas(first: 50, after: $after) {
  totalCount pageInfo { hasNextPage endCursor }
  edges { node { id documento documentoId referencia tentativas motivo desistiuEm } } } }`;
const RETENTAR = `mutation($id: ID!) { retryTransmissao(id: $id) { __typename ... on TransmissaoRetomada { id status } ${DOMAIN_ERROR} } }`;

interface Desistida {
  id: string;
  documento: 'nfse' | 'nfe';
  documentoId: string;
  referencia: string | null;
  tentativas: number;
  motivo: string;
  desistiuEm: string;
}

const DOCUMENTOS: Record<Desistida['documento'], string> = { nfse: 'NFS-e', nfe: 'NF-e' };
const pathOf = (j: Desistida) => (j.documento === 'nfe' ? `/nfe/${j.documentoId}` : `/notas/${j.documentoId}`);

/**
 * The account's transmissions that gave up (attempts spent, or the NFS-e recovery limit), and "Tentar novamente"
 * for each: the job is due again and leaves this list; the note's page shows it transmitting.
 */
export function Transmissoes() {
  const list = useConnection<Desistida>(DESISTIDAS, 'transmissoesDesistidas', {});
  return (
    <section>
      <PageTitle>Transmissões desistidas</PageTitle>
      <p>
        Notas cuja transmissão desistiu depois de esgotar as tentativas. Depois de resolver a causa (certificado,
        autoridade fora do ar), peça uma nova tentativa: a nota volta a ser transmitida, sem risco de sair em dobro.
      </p>
      <ErrorBox error={list.error} />
      <Loading when={list.loading && list.nodes.length === 0} />
      <p class="resumo">{list.total != null && `${list.total} transmissão(ões) desistida(s)`}</p>
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Nota</th>
              <th scope="col">Tipo</th>
              <th scope="col">Referência</th>
              <th scope="col">Tentativas</th>
              <th scope="col">Motivo</th>
              <th scope="col">Desistiu em</th>
              <th scope="col">
                <span class="sr">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.nodes.map((j) => (
              <tr key={j.id} data-transmissao={j.id}>
                <td>
                  <Link href={pathOf(j)}>
                    <code>{j.documentoId}</code>
                  </Link>
                </td>
                <td>{DOCUMENTOS[j.documento]}</td>
                <td>{j.referencia ?? '—'}</td>
                <td>{j.tentativas}</td>
                <td>{j.motivo}</td>
                <td>{formatDateTime(j.desistiuEm)}</td>
                <td>
                  <ActionButton
                    aria-label={`Tentar novamente a transmissão da nota ${j.referencia ?? j.documentoId}`}
                    onAction={async () => {
                      unwrap((await gql(RETENTAR, { id: j.id })).retryTransmissao);
                      list.reload();
                    }}
                  >
                    Tentar novamente
                  </ActionButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MoreButton hasNext={list.hasNext} onMore={list.more} />
    </section>
  );
}
