import { useState } from 'preact/hooks';
import { DOMAIN_ERROR, gql, unwrap } from '../api/graphql.js';
import { ActionForm, Field, Notice } from '../ui/ui.js';

const ATUALIZAR = `mutation($id: ID!, $input: UpdateCompanyInput!) { updateCompany(id: $id, input: $input) { __typename ... on Company { id } ${DOMAIN_ERROR} } }`;

interface Definidas {
  usuario: string | null;
  senhaDefinida: boolean;
  tokenDefinido: boolean;
}

/**
 * The credentials the municipality's provider asks beyond the A1 (readiness item credenciais_provedor). The secrets
 * are never shown: a blank field keeps what is saved, and "Remover" clears them all.
 */
export function CredenciaisProvedor({
  id,
  definidas,
  onDone,
}: {
  id: string;
  definidas: Definidas | null;
  onDone: () => void;
}) {
  const [form, setForm] = useState({ usuario: definidas?.usuario ?? '', senha: '', token: '' });
  const [salvo, setSalvo] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { currentTarget: HTMLInputElement }) =>
    setForm({ ...form, [k]: e.currentTarget.value });
  const salvar = async (credenciaisProvedor: Record<string, string> | null, aviso: string) => {
    setSalvo(null);
    unwrap((await gql(ATUALIZAR, { id, input: { credenciaisProvedor } })).updateCompany);
    setForm({ usuario: credenciaisProvedor ? form.usuario : '', senha: '', token: '' });
    setSalvo(aviso);
    onDone();
  };
  return (
    <ActionForm
      label="Credenciais do provedor"
      submit="Salvar credenciais"
      onSubmit={async () => {
        const membros = Object.fromEntries(
          Object.entries(form)
            .map(([k, v]) => [k, v.trim()] as const)
            .filter(([, v]) => v !== ''),
        );
        await salvar(membros, 'Credenciais salvas.');
      }}
      title="Credenciais do provedor (além do certificado)"
    >
      <p>
        Senha: {definidas?.senhaDefinida ? 'salva' : 'não salva'} · Token:{' '}
        {definidas?.tokenDefinido ? 'salvo' : 'não salvo'}
      </p>
      <div class="grade">
        <Field label="Usuário no portal do provedor" campo="/credenciais_provedor/usuario">
          <input autocomplete="off" value={form.usuario} onInput={set('usuario')} />
        </Field>
        <Field label="Senha" hint="Em branco mantém a salva" campo="/credenciais_provedor/senha">
          <input type="password" autocomplete="new-password" value={form.senha} onInput={set('senha')} />
        </Field>
        <Field label="Token de autorização" hint="Em branco mantém o salvo" campo="/credenciais_provedor/token">
          <input type="password" autocomplete="off" value={form.token} onInput={set('token')} />
        </Field>
      </div>
      {definidas && (
        <button type="button" class="secundario" onClick={() => void salvar(null, 'Credenciais removidas.')}>
          Remover credenciais
        </button>
      )}
      {salvo && <Notice>{salvo}</Notice>}
    </ActionForm>
  );
}
