import { useState } from 'preact/hooks';
import { type ErroCampo, RequestError } from './api/session.js';

export interface ActionState {
  busy: boolean;
  error: string | null;
  /** Each problem the server named in its refusal (`erros[]`), for a form to show beside its field. */
  erros: ErroCampo[];
  setError(error: string | null): void;
  /** Starts `action`: busy while it runs, its failure shown as `messageOf(err)` (its message by default). */
  run(action: () => Promise<unknown>, messageOf?: (err: unknown) => string): void;
}

/** What a button or form that runs an async action shows: busy while it runs, then its error if it failed. */
export function useAction(): ActionState {
  const [busy, setBusy] = useState(false);
  const [error, setErrorText] = useState<string | null>(null);
  const [erros, setErros] = useState<ErroCampo[]>([]);
  const setError = (text: string | null) => {
    setErrorText(text);
    setErros([]);
  };
  async function settle(action: () => Promise<unknown>, messageOf: (err: unknown) => string) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setErrorText(messageOf(err));
      setErros(err instanceof RequestError ? err.erros : []);
    } finally {
      setBusy(false);
    }
  }
  return {
    busy,
    error,
    erros,
    setError,
    // settle catches every failure of the action, so nothing is left for a caller to handle.
    run: (action, messageOf = (err) => (err as Error).message) => void settle(action, messageOf),
  };
}
