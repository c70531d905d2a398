import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { ErroCampo } from '../api/session.js';

// A form's refusal shown where it belongs: each `erros[]` item beside the field its `campo` (a JSON Pointer into
// the request body) points at, and the ones no field of the form claims in a list at the top, so none is lost.

interface FormErrors {
  erros: ErroCampo[];
  claim(campo: string): () => void;
}

const FormErrorsContext = createContext<FormErrors>({ erros: [], claim: () => () => {} });

/** Whether `campo` is `pointer` or inside it (/eventos/2 is inside /eventos). */
export function pointsInto(campo: string | null, pointer: string): boolean {
  return campo !== null && (campo === pointer || campo.startsWith(`${pointer}/`));
}

/** The text of one problem: its message, then how to fix it. */
export const erroText = (e: ErroCampo) => (e.correcao ? `${e.mensagem} ${e.correcao}` : e.mensagem);

/**
 * Gives the fields inside it the form's current problems; renders at the top the general `error` and the
 * problems no field inside claims.
 */
export function FieldErrorsProvider(props: { error: string | null; erros: ErroCampo[]; children: ComponentChildren }) {
  const [claimed, setClaimed] = useState<string[]>([]);
  // One function for the form's life: a field claims its pointer once, when it appears.
  const [claim] = useState(() => (campo: string) => {
    setClaimed((l) => [...l, campo]);
    return () =>
      setClaimed((l) => {
        const i = l.indexOf(campo);
        return i < 0 ? l : [...l.slice(0, i), ...l.slice(i + 1)];
      });
  });
  const unclaimed = props.erros.filter((e) => !claimed.some((c) => pointsInto(e.campo, c)));
  return (
    <FormErrorsContext.Provider value={{ erros: props.erros, claim }}>
      {props.error && (
        <div class="erro" role="alert" data-erros-gerais="">
          <p>{props.error}</p>
          {unclaimed.length > 0 && (
            <ul>
              {unclaimed.map((e) => (
                <li>
                  {e.campo ? <code>{e.campo}</code> : null} {erroText(e)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {props.children}
    </FormErrorsContext.Provider>
  );
}

/** The problems of the form's refusal that point at `campo` (or inside it), shown under the field. */
export function FieldErrors({ campo }: { campo: string }) {
  const ctx = useContext(FormErrorsContext);
  useEffect(() => ctx.claim(campo), [campo]);
  const mine = ctx.erros.filter((e) => pointsInto(e.campo, campo));
  if (!mine.length) return null;
  return (
    <span class="erro-campo" role="alert" data-campo={campo}>
      {mine.map((e) => (
        <span>{erroText(e)}</span>
      ))}
    </span>
  );
}
