import { useState } from 'preact/hooks';

export interface ActionState {
  busy: boolean;
  error: string | null;
  setError(error: string | null): void;
  /** Starts `action`: busy while it runs, its failure shown as `messageOf(err)` (its message by default). */
  run(action: () => Promise<unknown>, messageOf?: (err: unknown) => string): void;
}

/** What a button or form that runs an async action shows: busy while it runs, then its error if it failed. */
export function useAction(): ActionState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function settle(action: () => Promise<unknown>, messageOf: (err: unknown) => string) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  return {
    busy,
    error,
    setError,
    // settle catches every failure of the action, so nothing is left for a caller to handle.
    run: (action, messageOf = (err) => (err as Error).message) => void settle(action, messageOf),
  };
}
