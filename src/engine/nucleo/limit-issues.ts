import { BODY_LIMITS } from './body-limits.js';
import { ptr } from './coletor.js';
import { printableText, unsafeText } from './unsafe-text.js';
import type { ValidationIssue } from './validation-issue.js';

/** The codes of `limitIssues`: a body with one of them is refused before its declaration reads it. */
export const LIMIT_CODES: ReadonlySet<string> = new Set([
  'profundidade_excedida',
  'lista_muito_longa',
  'texto_muito_longo',
  'caractere_invalido',
]);

export const isLimitIssue = (issue: ValidationIssue): boolean => LIMIT_CODES.has(issue.codigo);

/** The problem of an object or list nested past `BODY_LIMITS.depth`, at `campo`. */
export const depthIssue = (campo: string): ValidationIssue => ({
  codigo: 'profundidade_excedida',
  campo,
  mensagem: `O corpo tem objetos e listas aninhados em mais de ${BODY_LIMITS.depth} níveis.`,
  correcao: 'Envie o corpo na forma documentada da rota.',
});

interface Node {
  value: unknown;
  parent: Node | null;
  key: string;
  depth: number;
}

const pointerOf = (node: Node): string => {
  const keys: string[] = [];
  for (let n: Node | null = node; n?.parent; n = n.parent) keys.push(n.key);
  return keys.reverse().reduce((campo, key) => ptr(campo, printableText(key)), '');
};

/**
 * What in `value` passes `BODY_LIMITS` or PostgreSQL's text rules, each at its JSON Pointer (member names
 * through `nameOf`: a declared body's camelCase names are reported in the API's snake_case). One pass without
 * recursion, that neither descends past a limit nor collects more than the reported maximum plus one, so a hostile
 * body costs no more than reading it.
 */
export function limitIssues(value: unknown, nameOf: (key: string) => string = (key) => key): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: Node[] = [{ value, parent: null, key: '', depth: 0 }];
  const report = (node: Node, issue: Omit<ValidationIssue, 'campo'>) =>
    issues.push({ ...issue, campo: pointerOf(node) });
  while (stack.length && issues.length <= BODY_LIMITS.reportedIssues) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      textIssue(v, 'O texto', (issue) => report(node, issue));
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (node.depth >= BODY_LIMITS.depth) {
      issues.push(depthIssue(pointerOf(node)));
      continue;
    }
    const size = Array.isArray(v) ? v.length : Object.keys(v).length;
    if (size > BODY_LIMITS.members) {
      report(node, {
        codigo: 'lista_muito_longa',
        mensagem: `${Array.isArray(v) ? 'A lista tem' : 'O objeto tem'} ${size} elementos; o máximo é ${BODY_LIMITS.members}.`,
        correcao: 'Divida o envio ou corrija a lista.',
      });
      continue;
    }
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((item, i) => [String(i), item]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      const name = Array.isArray(v) ? key : nameOf(key);
      const child: Node = { value: inner, parent: node, key: name, depth: node.depth + 1 };
      if (!Array.isArray(v) && textIssue(key, 'O nome do campo', (issue) => report(child, issue))) continue;
      stack.push(child);
    }
  }
  return issues;
}

/** Reports what makes `text` unacceptable, if anything; true when it did. */
function textIssue(text: string, what: string, report: (issue: Omit<ValidationIssue, 'campo'>) => void): boolean {
  if (text.length > BODY_LIMITS.textLength) {
    report({
      codigo: 'texto_muito_longo',
      mensagem: `${what} tem ${text.length} caracteres; o máximo aceito em qualquer campo é ${BODY_LIMITS.textLength}.`,
      correcao: 'Reduza o texto ao tamanho documentado do campo.',
    });
    return true;
  }
  const why = unsafeText(text);
  if (!why) return false;
  report({
    codigo: 'caractere_invalido',
    mensagem: `${what} ${why}`,
    correcao: 'Remova o caractere nulo ou o surrogate isolado; envie texto Unicode válido.',
  });
  return true;
}
