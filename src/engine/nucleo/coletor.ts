import type { ValidationIssue } from './validation-issue.js';

/** JSON Pointer (RFC 6901) of a child: "~" → "~0", "/" → "~1". */
export function ptr(base: string, key: string | number): string {
  return `${base}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** Collects every issue of a body; validation never stops at the first one. */
export class Coletor {
  readonly issues: ValidationIssue[] = [];

  add(codigo: string, campo: string, mensagem: string, correcao: string, codigoOficial?: string): void {
    const issue: ValidationIssue = { codigo, campo, mensagem, correcao };
    if (codigoOficial) issue.codigo_oficial = codigoOficial;
    this.issues.push(issue);
  }

  /** True when an issue was reported at `campo` or below it. */
  temErroEm(campo: string): boolean {
    return this.issues.some((i) => i.campo === campo || i.campo.startsWith(`${campo}/`));
  }

  tipoInvalido(campo: string, esperado: string, recebido: unknown): void {
    this.add('tipo_invalido', campo, `Tipo inválido: esperado ${esperado}, recebido ${tipoJson(recebido)}.`,
      esperado.includes('texto') && typeof recebido === 'number'
        ? `Envie o valor como texto JSON entre aspas, com ponto decimal (por exemplo "${recebido}").`
        : `Envie ${esperado}.`);
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
    case 'string': return 'texto';
    case 'number': return 'número';
    case 'boolean': return 'booleano';
    case 'object': return 'objeto';
    default: return typeof v;
  }
}

export type Objeto = Record<string, unknown>;

function isObjeto(v: unknown): v is Objeto {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads an object: wrong type → `tipo_invalido`; every key outside `permitidos` → `campo_desconhecido` with its
 * own pointer. Returns null when the value is not an object.
 */
export function lerObjeto(v: unknown, campo: string, permitidos: readonly string[], c: Coletor): Objeto | null {
  if (!isObjeto(v)) {
    c.tipoInvalido(campo, 'um objeto JSON', v);
    return null;
  }
  for (const key of Object.keys(v)) {
    if (!permitidos.includes(key)) {
      c.add('campo_desconhecido', ptr(campo, key), `Campo desconhecido: "${key}".`,
        `Remova o campo ou corrija o nome. Campos aceitos aqui: ${permitidos.join(', ')}.`);
    }
  }
  return v;
}

/** A member that is absent or JSON null counts as not sent (optional members may be null). */
export function presente(obj: Objeto | null, key: string): boolean {
  return obj !== null && obj[key] !== undefined && obj[key] !== null;
}

export interface OpcoesTexto {
  obrigatorio?: string;
  max?: number;
  min?: number;
  /** What the field is, for messages ("O nome do tomador"). */
  nome?: string;
}

/** Reads a string member; trims it; reports type, emptiness, required and length problems. */
export function lerTexto(obj: Objeto | null, key: string, campo: string, c: Coletor, o: OpcoesTexto = {}): string | undefined {
  if (!presente(obj, key)) {
    if (o.obrigatorio && obj !== null) c.obrigatorio(campo, o.obrigatorio);
    return undefined;
  }
  const v = (obj as Objeto)[key];
  if (typeof v !== 'string') {
    c.tipoInvalido(campo, 'texto', v);
    return undefined;
  }
  const t = v.trim();
  const nome = o.nome ?? `O campo ${key}`;
  if (t === '') {
    if (o.obrigatorio) c.obrigatorio(campo, o.obrigatorio);
    else c.formato(campo, `${nome} está vazio.`, 'Preencha o campo ou remova-o do corpo.');
    return undefined;
  }
  if (o.max !== undefined && [...t].length > o.max) {
    c.formato(campo, `${nome} tem ${[...t].length} caracteres; o máximo é ${o.max}.`, `Reduza para no máximo ${o.max} caracteres.`);
    return undefined;
  }
  if (o.min !== undefined && [...t].length < o.min) {
    c.formato(campo, `${nome} tem ${[...t].length} caracteres; o mínimo é ${o.min}.`, `Informe ao menos ${o.min} caracteres.`);
    return undefined;
  }
  return t;
}
