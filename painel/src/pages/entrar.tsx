import { useState } from 'preact/hooks';
import { entrar, RequestError } from '../api/session.js';
import { FieldErrorsProvider } from '../ui/field-errors.js';
import { Field } from '../ui/ui.js';
import { useAction } from '../use-action.js';

export function Entrar() {
  const [email, setEmail] = useState('');
  const [senha, setSenha] = useState('');
  const { busy, error, erros, run } = useAction();
  return (
    <main class="entrar">
      <form
        aria-label="Entrar no painel"
        onSubmit={(e) => {
          e.preventDefault();
          run(
            () => entrar(email.trim(), senha),
            (err) =>
              err instanceof RequestError && err.status === 401
                ? 'E-mail ou senha incorretos.'
                : (err as Error).message,
          );
        }}
      >
        <h1>Painel fiscal</h1>
        <FieldErrorsProvider error={error} erros={erros}>
          <Field label="E-mail" campo="/email">
            <input
              type="email"
              name="email"
              autocomplete="username"
              required
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
            />
          </Field>
          <Field label="Senha" campo="/senha">
            <input
              type="password"
              name="senha"
              autocomplete="current-password"
              required
              value={senha}
              onInput={(e) => setSenha(e.currentTarget.value)}
            />
          </Field>
        </FieldErrorsProvider>
        <button type="submit" disabled={busy} aria-busy={busy}>
          Entrar
        </button>
      </form>
    </main>
  );
}
