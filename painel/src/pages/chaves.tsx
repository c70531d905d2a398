import { useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { useEmpresas } from '../empresas-cache.js';
import { formatDateTime, formatDocumento } from '../format.js';
import { ActionButton, ActionForm, ErrorBox, Field, Loading, PageTitle } from '../ui/ui.js';
import { useQuery } from '../use-query.js';

const CHAVE = 'id ambiente prefixo empresaId criadaEm revogadaEm';
const CHAVES = `{ apiKeys { ${CHAVE} } }`;
const CRIAR = `mutation($input: ApiKeyInput!) { createApiKey(input: $input) { __typename ... on ApiKeyCreated { chave apiKey { ${CHAVE} } } ${DOMAIN_ERROR} } }`;
const REVOGAR = `mutation($id: ID!) { revokeApiKey(id: $id) { __typename ... on ApiKey { ${CHAVE} } ${DOMAIN_ERROR} } }`;

interface ApiKey {
  id: string;
  ambiente: string;
  prefixo: string;
  empresaId: string | null;
  criadaEm: string;
  revogadaEm: string | null;
}

const AMBIENTES: Record<string, string> = { producao: 'Produção', sandbox: 'Teste (sandbox)' };

export function Chaves() {
  const q = useQuery<{ apiKeys: ApiKey[] }>(CHAVES);
  const chaves = q.data?.apiKeys ?? [];
  const empresas = useEmpresas();
  const [form, setForm] = useState({ ambiente: 'producao', empresaId: '' });
  const [criada, setCriada] = useState<string | null>(null);
  const nomeEmpresa = (id: string | null) => {
    if (!id) return 'Todas';
    const e = empresas.find((c) => c.id === id);
    return e ? `${e.razaoSocial} (${formatDocumento(e.cnpj)})` : id;
  };

  return (
    <section>
      <PageTitle>Chaves de API</PageTitle>
      <ActionForm
        label="Nova chave"
        submit="Criar chave"
        onSubmit={async () => {
          const input = { ambiente: form.ambiente, ...(form.empresaId ? { empresaId: form.empresaId } : {}) };
          const r = unwrap((await gql(CRIAR, { input })).createApiKey) as { chave: string };
          setCriada(r.chave);
          q.reload();
        }}
        title="Nova chave"
      >
        <div class="grade">
          <Field label="Ambiente" campo="/ambiente">
            <select
              name="ambiente"
              value={form.ambiente}
              onChange={(e) => setForm({ ...form, ambiente: e.currentTarget.value })}
            >
              <option value="producao">Produção</option>
              <option value="sandbox">Teste (sandbox)</option>
            </select>
          </Field>
          <Field label="Restrita à empresa" campo="/empresa_id">
            <select
              name="empresa"
              value={form.empresaId}
              onChange={(e) => setForm({ ...form, empresaId: e.currentTarget.value })}
            >
              <option value="">Todas as empresas</option>
              {empresas.map((c) => (
                <option value={c.id}>
                  {c.razaoSocial} ({formatDocumento(c.cnpj)})
                </option>
              ))}
            </select>
          </Field>
        </div>
      </ActionForm>
      {criada && (
        <div class="caixa aviso" role="status" aria-live="polite">
          <p>
            <strong>Copie a chave agora:</strong> ela é mostrada só desta vez. Se for perdida, revogue-a e crie outra.
          </p>
          <code class="segredo" data-chave-criada>
            {criada}
          </code>
          <div class="acoes">
            <button type="button" class="secundario" onClick={() => setCriada(null)}>
              Já copiei
            </button>
          </div>
        </div>
      )}
      <ErrorBox error={q.error} />
      <Loading when={q.loading && !q.data} />
      <div class="tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Prefixo</th>
              <th scope="col">Ambiente</th>
              <th scope="col">Empresa</th>
              <th scope="col">Criada em</th>
              <th scope="col">Situação</th>
              <th scope="col">
                <span class="sr">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {chaves.map((k) => (
              <tr key={k.id} data-chave={k.id}>
                <td>
                  <code>{k.prefixo}…</code>
                </td>
                <td>{AMBIENTES[k.ambiente] ?? k.ambiente}</td>
                <td>{nomeEmpresa(k.empresaId)}</td>
                <td>{formatDateTime(k.criadaEm)}</td>
                <td>
                  {k.revogadaEm ? (
                    <span class="situacao situacao-erro">Revogada em {formatDateTime(k.revogadaEm)}</span>
                  ) : (
                    <span class="situacao situacao-ok">Ativa</span>
                  )}
                </td>
                <td>
                  {!k.revogadaEm && (
                    <ActionButton
                      class="perigo"
                      aria-label={`Revogar a chave ${k.prefixo}`}
                      confirm="Revogar esta chave? As integrações que a usam deixam de funcionar."
                      onAction={async () => {
                        unwrap((await gql(REVOGAR, { id: k.id })).revokeApiKey);
                        q.reload();
                      }}
                    >
                      Revogar
                    </ActionButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
