import { useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { fileBase64 } from '../download.js';
import { useEmpresas } from '../empresas-cache.js';
import { formatDateTime } from '../format.js';
import { CONTAGENS, LoteProgresso, type Contagens } from '../lote-progresso.js';
import { Link, navigate } from '../router.js';
import {
  ActionForm,
  ErrorBox,
  Field,
  label,
  LiveMark,
  Loading,
  MoreButton,
  PageTitle,
  Status,
  FilterSelect,
} from '../ui/ui.js';
import { useConnection } from '../use-connection.js';
import { useLiveConnection, useSubscription } from '../use-subscription.js';

const LOTE_LINHA = `id status origem total criadoEm concluidoEm empresaId ${CONTAGENS}`;
const LOTES = `query Lotes($filtro: LotesFiltro, $after: String) {
  lotes(first: 20, after: $after, filtro: $filtro) { totalCount pageInfo { hasNextPage endCursor } edges { node { ${LOTE_LINHA} } } }
}`;
const ATUALIZADO = `subscription { loteAtualizado { ${LOTE_LINHA} } }`;
const CRIAR = `mutation($input: LoteInput!, $planilha: String) { createLote(input: $input, planilha: $planilha) { __typename ... on Lote { id } ${DOMAIN_ERROR} } }`;

interface Linha {
  id: string;
  status: string;
  origem: string;
  total: number;
  criadoEm: string;
  concluidoEm: string | null;
  empresaId: string;
  contagens: Contagens;
}

export function Lotes() {
  const empresas = useEmpresas();
  const [status, setStatus] = useState('');
  const live = useLiveConnection();
  const list = useConnection<Linha>(LOTES, 'lotes', { filtro: status ? { status: [status] } : {} });
  useSubscription<{ loteAtualizado: Linha }>(ATUALIZADO, {}, ({ loteAtualizado: lote }) => {
    if (list.nodes.some((n) => n.id === lote.id))
      list.patch((nodes) => nodes.map((n) => (n.id === lote.id ? lote : n)));
    else list.reloadSoon();
  });
  const [envio, setEnvio] = useState({ empresaId: '', aoValidar: 'emitir_validas', arquivo: null as File | null });
  const nomeEmpresa = (id: string) => empresas.find((c) => c.id === id)?.razaoSocial ?? id;

  return (
    <section>
      <PageTitle>Lotes</PageTitle>
      <LiveMark up={live} />
      <div class="filtros">
        <FilterSelect
          label="Situação"
          value={status}
          onChange={setStatus}
          options={['validando', 'aguardando_emissao', 'processando', 'concluido', 'erro'].map(
            (s) => [s, label(s)] as const,
          )}
        />
      </div>
      <ErrorBox error={list.error} />
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Criado em</th>
              <th scope="col">Empresa</th>
              <th scope="col">Origem</th>
              <th scope="col">Situação</th>
              <th scope="col">Progresso</th>
            </tr>
          </thead>
          <tbody>
            {list.nodes.map((l) => (
              <tr key={l.id} data-lote={l.id}>
                <td>
                  <Link href={`/lotes/${l.id}`}>{formatDateTime(l.criadoEm)}</Link>
                </td>
                <td>{nomeEmpresa(l.empresaId)}</td>
                <td>{label(l.origem)}</td>
                <td>
                  <Status value={l.status} />
                </td>
                <td>
                  <LoteProgresso contagens={l.contagens} total={l.total} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!list.loading && list.nodes.length === 0 && <p>Nenhum lote.</p>}
      <Loading when={list.loading} />
      <MoreButton hasNext={list.hasNext} onMore={list.more} />

      <ActionForm
        label="Enviar planilha"
        submit="Enviar lote"
        onSubmit={async () => {
          if (!envio.arquivo) throw new Error('Escolha a planilha (.xlsx).');
          const input = { aoValidar: envio.aoValidar, ...(envio.empresaId ? { empresaId: envio.empresaId } : {}) };
          const lote = unwrap((await gql(CRIAR, { input, planilha: await fileBase64(envio.arquivo) })).createLote) as {
            id: string;
          };
          navigate(`/lotes/${lote.id}`);
        }}
        title="Novo lote por planilha"
      >
        <div class="grade">
          <Field label="Empresa" campo="/empresa_id">
            <select
              required
              value={envio.empresaId}
              onChange={(e) => setEnvio({ ...envio, empresaId: e.currentTarget.value })}
            >
              <option value="">Escolha…</option>
              {empresas.map((c) => (
                <option value={c.id}>{c.razaoSocial}</option>
              ))}
            </select>
          </Field>
          <Field label="Ao validar" campo="/ao_validar">
            <select value={envio.aoValidar} onChange={(e) => setEnvio({ ...envio, aoValidar: e.currentTarget.value })}>
              <option value="emitir_validas">Emitir as linhas válidas</option>
              <option value="aguardar">Aguardar minha confirmação</option>
            </select>
          </Field>
          <Field label="Planilha (.xlsx)" campo="/itens">
            <input
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => setEnvio({ ...envio, arquivo: e.currentTarget.files?.[0] ?? null })}
            />
          </Field>
        </div>
      </ActionForm>
    </section>
  );
}
