import { useState } from 'preact/hooks';
import { aceitarConvite, entrar } from '../api/session.js';
import { navigate } from '../router.js';
import { FieldErrorsProvider } from '../ui/field-errors.js';
import { Field } from '../ui/ui.js';
import { useAction } from '../use-action.js';

/** The page of an invitation link (/painel/convite?token=…): the person chooses a password and is signed in. */
export function Convite({ token }: { token: string }) {
  const [senha, setSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const { busy, error, erros, setError, run } = useAction();
  return (
    <main class="entrar">
      <form
        aria-label="Definir senha"
        onSubmit={(e) => {
          e.preventDefault();
          if (senha !== confirmacao) return setError('As senhas não são iguais.');
          run(async () => {
            const { email } = await aceitarConvite(token, senha);
            await entrar(email, senha);
            navigate('/notas', true);
          });
        }}
      >
        <h1>Bem-vindo ao painel</h1>
        <p>Escolha a senha com que vai entrar (de 10 a 200 caracteres).</p>
        <FieldErrorsProvider error={token ? error : 'Link de convite incompleto.'} erros={erros}>
          <Field label="Senha" campo="/senha">
            <input
              type="password"
              autocomplete="new-password"
              minLength={10}
              maxLength={200}
              required
              value={senha}
              onInput={(e) => setSenha(e.currentTarget.value)}
            />
          </Field>
          <Field label="Confirme a senha">
            <input
              type="password"
              autocomplete="new-password"
              required
              value={confirmacao}
              onInput={(e) => setConfirmacao(e.currentTarget.value)}
            />
          </Field>
        </FieldErrorsProvider>
        <button type="submit" disabled={busy || !token} aria-busy={busy}>
          Definir senha e entrar
        </button>
      </form>
    </main>
  );
}
