import * as v from 'valibot';
import { issueMessage } from './issue-message.js';

/**
 * Building blocks the body declarations share: trimmed texts with the API's wording for their limits. A member
 * that is absent or JSON null counts as not sent, as does an optional text that is blank.
 */
const trimmed = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, (i) =>
      issueMessage(
        `no máximo ${max} caracteres (recebidos ${i.received}).`,
        `Reduza para no máximo ${max} caracteres.`,
      ),
    ),
  );

/** A required text: trimmed, not blank, at most `max` characters. */
export const requiredText = (max: number, name: string) =>
  v.pipe(
    trimmed(max),
    v.nonEmpty(issueMessage(`${name} não pode ser vazio.`, `Informe ${name}.`, 'campo_obrigatorio')),
  );

/** An optional text: trimmed, at most `max` characters; blank, null or absent → null. */
export const optionalText = (max: number) =>
  v.nullish(
    v.pipe(
      trimmed(max),
      v.transform((s): string | null => s || null),
    ),
    null,
  );

/** A rule of an optional text that is not checked when the text was left out. */
export const checkText = (test: (s: string) => boolean, mensagem: string, correcao: string, codigo?: string) =>
  v.check((s: string | null) => s === null || test(s), issueMessage(mensagem, correcao, codigo));

/**
 * A one-line text of the authorities' layouts (TSString, TJust): trimmed, `min` to `max` characters, Latin-1
 * without line breaks. `what` names it in the messages ("O motivo"), `fix` is the correction of every problem.
 */
export const layoutText = (min: number, max: number, what: string, fix: string) =>
  v.pipe(
    v.string(issueMessage(`${what} deve ser texto.`, fix, 'tipo_invalido')),
    v.trim(),
    v.nonEmpty(issueMessage(`${what} é obrigatório(a).`, fix, 'campo_obrigatorio')),
    v.check(
      (s) => s.length >= min && s.length <= max,
      (i) => issueMessage(`${what} tem ${i.input.length} caracteres; o leiaute exige de ${min} a ${max}.`, fix),
    ),
    v.regex(
      /^[\x20-\xFF]+$/,
      issueMessage(`${what} tem caracteres que o leiaute não aceita (quebras de linha, emojis).`, fix),
    ),
  );
