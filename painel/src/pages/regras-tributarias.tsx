import { useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { formatDateTime } from '../format.js';
import {
  CONTRIBUINTES,
  emptyRegraForm,
  OPERACOES,
  REGRA_CAMPOS,
  RegraFields,
  regraFormOf,
  regraInput,
  TRIBUTACAO_CAMPOS,
} from '../regra-fields.js';
import { Link } from '../router.js';
import { ActionButton, ActionForm, ErrorBox, Loading, MoreButton, PageTitle, Status } from '../ui/ui.js';
import { useConnection } from '../use-connection.js';
import { useQuery } from '../use-query.js';

const EMPRESA = `query($id: ID!) { company(id: $id) { __typename ... on Company { id razaoSocial } ${DOMAIN_ERROR} } }`;
const REGRAS = `query($id: ID!, $after: String) { regrasTributarias(empresaId: $id, first: 100, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { ${REGRA_CAMPOS} } } } }`;
const CRIAR = `mutation($id: ID!, $input: CreateRegraTributariaInput!) { createRegraTributaria(empresaId: $id, input: $input) { __typename ... on RegraTributaria { id } ${DOMAIN_ERROR} } }`;
const ALTERAR = `mutation($id: ID!, $regra: ID!, $input: UpdateRegraTributariaInput!) { updateRegraTributaria(empresaId: $id, id: $regra, input: $input) { __typename ... on RegraTributaria { id } ${DOMAIN_ERROR} } }`;
const REMOVER = `mutation($id: ID!, $regra: ID!) { deleteRegraTributaria(empresaId: $id, id: $regra) { __typename ... on RegraTributariaRemoved { id } ${DOMAIN_ERROR} } }`;

/** The criteria of a rule in words; none given is every item. */
function criteriosText(c: Record<string, string | null>): string {
  const partes = [
    c.produto && `produto ${c.produto}`,
    c.cest && `CEST ${c.cest}`,
    c.ncmPrefixo && `NCM ${c.ncmPrefixo}…`,
    c.ufOrigem && `de ${c.ufOrigem}`,
    c.ufDestino && `para ${c.ufDestino}`,
    c.operacao && (OPERACOES[c.operacao] ?? c.operacao),
    c.contribuinte && (CONTRIBUINTES[c.contribuinte] ?? c.contribuinte),
  ].filter(Boolean);
  return partes.length ? partes.join(', ') : 'Todos os itens';
}

/** The tax members a rule sets, labelled as in its form. */
function tributacaoText(regra: any): string {
  const form = regraFormOf(regra);
  return TRIBUTACAO_CAMPOS.filter(([c]) => form.tributacao[c])
    .map(([c, rotulo]) => `${rotulo} ${form.tributacao[c]}`)
    .join('; ');
}

/** A company's tax rules for NF-e items: the list, and forms to create, change and remove them. */
export function RegrasTributarias({ id }: { id: string }) {
  const empresa = useQuery<{ company: any }>(EMPRESA, { id });
  const list = useConnection<any>(REGRAS, 'regrasTributarias', { id });
  const [novo, setNovo] = useState(emptyRegraForm);
  const [editando, setEditando] = useState<{ id: string; form: ReturnType<typeof emptyRegraForm> } | null>(null);
  const company = empresa.data?.company;
  return (
    <section>
      <p class="trilha">
        <Link href="/empresas">Empresas</Link> ›{' '}
        <Link href={`/empresas/${id}`}>{company?.razaoSocial ?? 'Empresa'}</Link> ›
      </p>
      <PageTitle>Regras tributárias</PageTitle>
      <p>
        Nos itens de NF-e calculados (modo calcular) e conferidos, cada regra cujos critérios o item atende substitui,
        membro a membro, a tributação do produto; entre regras, vale a mais específica (produto, CEST, NCM mais longo,
        UFs, operação, destinatário).
      </p>
      <ErrorBox
        error={empresa.error ?? (company?.__typename === 'DomainError' ? company.mensagem : null) ?? list.error}
      />
      <Loading when={list.loading && !list.nodes.length} />
      {list.nodes.length > 0 && (
        <div class="tabela">
          <table>
            <thead>
              <tr>
                <th scope="col">Descrição</th>
                <th scope="col">Critérios</th>
                <th scope="col">Tributação</th>
                <th scope="col">Situação</th>
                <th scope="col">Alterada em</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
              {list.nodes.map((r) => (
                <tr key={r.id} data-regra={r.id}>
                  <td data-rotulo="Descrição">{r.descricao}</td>
                  <td data-rotulo="Critérios">{criteriosText(r.criterios)}</td>
                  <td data-rotulo="Tributação">{tributacaoText(r)}</td>
                  <td data-rotulo="Situação">
                    <Status value={r.ativa ? 'ativa' : 'inativa'} />
                  </td>
                  <td data-rotulo="Alterada em">{formatDateTime(r.atualizadoEm)}</td>
                  <td data-rotulo="Ações">
                    <button
                      type="button"
                      class="secundario"
                      aria-label={`Editar ${r.descricao}`}
                      onClick={() => setEditando({ id: r.id, form: regraFormOf(r) })}
                    >
                      Editar
                    </button>{' '}
                    <ActionButton
                      class="secundario"
                      aria-label={`Remover ${r.descricao}`}
                      confirm={`Remover a regra "${r.descricao}"?`}
                      onAction={async () => {
                        unwrap((await gql(REMOVER, { id, regra: r.id })).deleteRegraTributaria);
                        if (editando?.id === r.id) setEditando(null);
                        list.reload();
                      }}
                    >
                      Remover
                    </ActionButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MoreButton hasNext={list.hasNext} onMore={list.more} />
      {!list.loading && !list.error && list.nodes.length === 0 && <p>Nenhuma regra tributária cadastrada.</p>}
      {editando && (
        <ActionForm
          key={editando.id}
          label="Editar regra"
          title="Editar regra"
          submit="Salvar regra"
          actions={
            <button type="button" class="secundario" onClick={() => setEditando(null)}>
              Cancelar
            </button>
          }
          onSubmit={async () => {
            unwrap(
              (await gql(ALTERAR, { id, regra: editando.id, input: regraInput(editando.form) })).updateRegraTributaria,
            );
            setEditando(null);
            list.reload();
          }}
        >
          <RegraFields form={editando.form} onChange={(form) => setEditando({ ...editando, form })} />
        </ActionForm>
      )}
      <ActionForm
        label="Nova regra"
        title="Nova regra"
        submit="Criar regra"
        onSubmit={async () => {
          unwrap((await gql(CRIAR, { id, input: regraInput(novo) })).createRegraTributaria);
          setNovo(emptyRegraForm());
          list.reload();
        }}
      >
        <RegraFields form={novo} onChange={setNovo} />
      </ActionForm>
    </section>
  );
}
