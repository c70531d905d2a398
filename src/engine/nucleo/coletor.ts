import { IssueIndex } from './issue-index.js';
import type { ValidationIssue } from './validation-issue.js';

/** JSON Pointer (RFC 6901) of a child: "~" → "~0", "/" → "~1". */
export function ptr(base: string, key: string | number): string {
  return `${base}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** Collects every issue of a body; validation never stops at the first one. */
export class Coletor {
  readonly issues: ValidationIssue[] = [];
  private readonly index = new IssueIndex(this.issues);

  add(codigo: string, campo: string, mensagem: string, correcao: string, codigoOficial?: string): void {
    const issue: ValidationIssue = { codigo, campo, mensagem, correcao };
    if (codigoOficial) issue.codigo_oficial = codigoOficial;
    this.issues.push(issue);
  }

  /** True when an issue was reported at `campo` or below it. */
  temErroEm(campo: string): boolean {
    return this.index.has(campo);
  }

  obrigatorio(campo: string, oque: string, correcao?: string): void {
    this.add('campo_obrigatorio', campo, `${oque} é obrigatório.`, correcao ?? `Informe ${oque.toLowerCase()}.`);
  }

  formato(campo: string, mensagem: string, correcao: string, codigoOficial?: string): void {
    this.add('formato_invalido', campo, mensagem, correcao, codigoOficial);
  }
}

export function tipoJson(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'lista';
  switch (typeof v) {
    case 'string':
      return 'texto';
    case 'number':
      return 'número';
    case 'boolean':
      return 'booleano';
    case 'object':
      return 'objeto';
    default:
      return typeof v;
  }
}
