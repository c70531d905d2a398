import type { BaseIssue } from 'valibot';
import { ptr, tipoJson } from './coletor.js';
import { readIssueMessage } from './issue-message.js';
import type { ValidationIssue } from './validation-issue.js';

/**
 * The API's snake_case member name of a declared (camelCase) one. Declarations use the GraphQL names, which
 * have no underscores, so the conversion is exact both ways.
 */
export const snakeName = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The declared (camelCase) name of an API member: snakeName's inverse. */
export const camelName = (key: string): string => key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** JSON Pointer into the REST body (snake_case members) of an issue's path. */
export function pointerOf(issue: BaseIssue<unknown>): string {
  return (issue.path ?? []).reduce(
    (campo, item) => ptr(campo, typeof item.key === 'string' ? snakeName(item.key) : String(item.key)),
    '',
  );
}

const OBJECT_TYPES = new Set(['object', 'strict_object', 'loose_object']);

const EXPECTED: Record<string, string> = {
  string: 'texto',
  boolean: 'booleano (true ou false)',
  number: 'número',
  object: 'um objeto JSON',
  strict_object: 'um objeto JSON',
  loose_object: 'um objeto JSON',
  array: 'uma lista',
  picklist: 'texto',
};

/**
 * The one mapping from the schema library's issues to `erros[]`: a member missing → `campo_obrigatorio`, a member
 * not declared → `campo_desconhecido`, a JSON type the declaration refuses → `tipo_invalido`, a rule of the
 * declaration → `formato_invalido`. The declaration's own wording (issueMessage) wins over the defaults.
 */
export function validationIssuesOf(issues: readonly BaseIssue<unknown>[]): ValidationIssue[] {
  return issues.map((issue) => {
    const campo = pointerOf(issue);
    const key = campo
      .slice(campo.lastIndexOf('/') + 1)
      .replace(/~1/g, '/')
      .replace(/~0/g, '~');
    const wording = readIssueMessage(issue.message);
    const out = (codigo: string, mensagem: string, correcao: string): ValidationIssue => ({
      codigo: wording?.codigo ?? codigo,
      campo,
      mensagem: wording?.mensagem ?? mensagem,
      correcao: wording?.correcao ?? correcao,
      ...(wording?.codigoOficial && { codigo_oficial: wording.codigoOficial }),
    });
    if (issue.kind === 'schema' && OBJECT_TYPES.has(issue.type) && (issue.path?.length ?? 0) > 0) {
      const last = issue.path![issue.path!.length - 1]!;
      if (issue.expected === 'never') {
        // Unknown members are reported by the object: its wording applies when it has one for them.
        return out('campo_desconhecido', `Campo desconhecido: "${key}".`, 'Remova o campo ou corrija o nome.');
      }
      if (last.value === undefined && issue.input === undefined) {
        return { codigo: 'campo_obrigatorio', campo, mensagem: `${key} é obrigatório.`, correcao: `Informe ${key}.` };
      }
    }
    // A member sent as JSON null counts as not sent; where it may not be left out, it is missing.
    if (issue.kind === 'schema' && issue.input === null && issue.type !== 'never' && campo !== '') {
      return { codigo: 'campo_obrigatorio', campo, mensagem: `${key} é obrigatório.`, correcao: `Informe ${key}.` };
    }
    if (issue.kind === 'schema' && issue.type === 'picklist' && typeof issue.input === 'string') {
      return out(
        'formato_invalido',
        `Valor não aceito: "${issue.input}"; aceitos: ${issue.expected?.replace(/[()]/g, '').replace(/ \| /g, ', ')}.`,
        'Escolha um dos valores aceitos.',
      );
    }
    if (issue.kind === 'schema') {
      const esperado = EXPECTED[issue.type] ?? issue.expected ?? issue.type;
      return out(
        'tipo_invalido',
        `Tipo inválido: esperado ${esperado}, recebido ${tipoJson(issue.input)}.`,
        esperado === 'texto' && typeof issue.input === 'number'
          ? `Envie o valor como texto JSON entre aspas (por exemplo "${issue.input}").`
          : `Envie ${esperado}.`,
      );
    }
    return out(
      'formato_invalido',
      `${key || 'O corpo'}: valor fora do formato aceito.`,
      'Corrija o valor conforme a documentação.',
    );
  });
}
