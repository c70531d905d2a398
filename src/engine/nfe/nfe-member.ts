import * as v from 'valibot';
import { camelName } from '../nucleo/validation-issues-of.js';
import { codeText } from '../nucleo/code-text.js';
import { issueMessage } from '../nucleo/issue-message.js';
import type { BodyReport } from '../nucleo/read-body.js';
import { textMember, typeMember } from '../nfse/validacao/member-schemas.js';
import { problemaDecimal, type FormatoDecimal } from './nfe-decimal.js';

/**
 * The members of the NF-e request, each with the wording of its problems; `key` is the member's API name, which
 * the messages quote. Whether a member must be sent is the declaration's refine step (`requireMember`).
 */

/** A decimal string in one of the layout's formats; a JSON number is `tipo_invalido`. Kept trimmed. */
export const decimalMember = (key: string, f: FormatoDecimal) =>
  v.pipe(
    v.string(typeMember('texto com número decimal')),
    v.check(
      (s) => problemaDecimal(s.trim(), f) === null,
      (i) =>
        issueMessage(
          `Número decimal inválido em ${key}: "${i.input}" (${problemaDecimal(i.input.trim(), f)}).`,
          `Envie por exemplo "${f.casas ? `10.${'0'.repeat(Math.min(f.casas, 2))}` : '10'}".`,
        ),
    ),
    v.transform((s) => s.trim()),
  );

/** One of `valores`. A required one passes blank on to `requireMember`. */
export const enumMember = <T extends string>(key: string, valores: readonly T[], required = false) =>
  v.pipe(
    textMember(`O campo ${key}`, { required }),
    v.check(
      (s) => s === '' || (valores as readonly string[]).includes(s),
      (i) => issueMessage(`Valor inválido para ${key}: "${i.input}".`, `Use um de: ${valores.join(', ')}.`),
    ),
    v.transform((s) => s as T),
  );

/** A code matching `re` once ".", "-" and spaces are removed; kept without them. */
export const patternMember = (key: string, re: RegExp, oque: string, exemplo: string, required = false) =>
  v.pipe(
    textMember(`O campo ${key}`, { required }),
    v.check(
      (s) => s === '' || re.test(s.replace(/[.\-\s]/g, '')),
      (i) => issueMessage(`${oque}; recebido "${i.input}".`, `Informe por exemplo ${exemplo}.`),
    ),
    v.transform((s) => s.replace(/[.\-\s]/g, '')),
  );

/** A one-digit code sent as text or as a JSON integer (`origem`), kept as its text. */
export const codeMemberOrInteger = (key: string, re: RegExp, oque: string, exemplo: string) =>
  v.pipe(
    v.union([v.string(), v.number()], typeMember('texto')),
    v.transform((x) => codeText(x)),
    v.string(typeMember('texto')),
    v.trim(),
    v.check(
      (s) => s === '' || re.test(s.replace(/[.\-\s]/g, '')),
      (i) => issueMessage(`${oque}; recebido "${i.input}".`, `Informe por exemplo ${exemplo}.`),
    ),
    v.transform((s) => s.replace(/[.\-\s]/g, '')),
  );

type Members = Record<string, unknown>;

/**
 * A member that must be sent: absent, JSON null or an empty text is `campo_obrigatorio`, worded "<oque> é
 * obrigatório.". Nothing when the member already has a problem.
 */
export function requireMember(o: Members, key: string, campo: string, report: BodyReport, oque: string): void {
  if (o[key] === undefined || o[key] === null || o[key] === '') reportMissing(campo, report, oque);
}

/**
 * A member that must be sent whose empty text is a problem of its own format (a decimal): only absent or JSON null
 * is `campo_obrigatorio`.
 */
export function requireSentMember(o: Members, key: string, campo: string, report: BodyReport, oque: string): void {
  if (o[key] === undefined || o[key] === null) reportMissing(campo, report, oque);
}

function reportMissing(campo: string, report: BodyReport, oque: string): void {
  if (!report.valid(campo)) return;
  report.add({
    codigo: 'campo_obrigatorio',
    campo,
    mensagem: `${oque} é obrigatório.`,
    correcao: `Informe ${oque.toLowerCase()}.`,
  });
}

/** A tax group in the layout's names in snake_case (the tax engine's, an origin note's) in the declared shape. */
export function camelMembers(grupo: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(grupo)) out[camelMember(k)] = grupo[k]!;
  return out;
}

// A calculated note converts the same few dozen tax-group members for every item, so each is converted once. An
// origin note's groups passed the same declaration, so the memo holds the declared members and stops at a bound.
const CAMEL_MEMBERS = new Map<string, string>();
const CAMEL_MEMBERS_BOUND = 1024;

function camelMember(key: string): string {
  const known = CAMEL_MEMBERS.get(key);
  if (known !== undefined) return known;
  const camel = camelName(key);
  if (CAMEL_MEMBERS.size < CAMEL_MEMBERS_BOUND) CAMEL_MEMBERS.set(key, camel);
  return camel;
}
