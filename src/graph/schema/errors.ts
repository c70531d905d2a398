import { EngineError } from '../../engine/errors.js';
import { boundedIssues } from '../../engine/nucleo/bounded-issues.js';
import type { ValidationIssue } from '../../engine/nucleo/validation-issue.js';
import { builder } from '../builder.js';

export const ErrorItemRef = builder
  .objectRef<{
    codigo: string;
    campo: string | null;
    mensagem: string;
    correcao: string | null;
    codigo_oficial?: string | null;
  }>('ErrorItem')
  .implement({
    fields: (t) => ({
      codigo: t.exposeString('codigo'),
      campo: t.exposeString('campo', { nullable: true }),
      mensagem: t.exposeString('mensagem'),
      correcao: t.exposeString('correcao', { nullable: true }),
      codigoOficial: t.string({ nullable: true, resolve: (e) => e.codigo_oficial ?? null }),
    }),
  });

/** `erros[]` of a refusal as answered: bounded (see boundedIssues). */
const erros = (e: EngineError) =>
  Array.isArray(e.extra.erros) ? boundedIssues(e.extra.erros as ValidationIssue[]) : undefined;

/**
 * Expected domain refusals as a union member of every fallible field. `extra` carries the
 * members that depend on the code (erros, itens, nfse_id, nfse, cursor_mais_antigo) as JSON.
 */
builder.objectType(EngineError, {
  name: 'DomainError',
  fields: (t) => ({
    codigo: t.string({ resolve: (e) => e.codigo }),
    mensagem: t.exposeString('message'),
    campo: t.string({ nullable: true, resolve: (e) => e.campo }),
    correcao: t.string({ nullable: true, resolve: (e) => e.correcao }),
    codigoOficial: t.string({ nullable: true, resolve: (e) => e.codigoOficial }),
    retentavel: t.boolean({ resolve: (e) => e.retentavel }),
    erros: t.field({ type: [ErrorItemRef], nullable: true, resolve: (e) => (erros(e) as never) ?? null }),
    extra: t.field({
      type: 'JSON',
      nullable: true,
      resolve: (e) => (Object.keys(e.extra).length ? { ...e.extra, ...(erros(e) && { erros: erros(e) }) } : null),
    }),
  }),
});
