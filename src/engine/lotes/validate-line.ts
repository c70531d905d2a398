import { competenciaDe } from '../nfse/ajustes/competencia-de.js';
import { camelBody } from '../nucleo/camel-body.js';
import { parametrosMunicipio } from '../tabelas/index.js';
import type { ParametrosDoLote } from './parametros-do-lote.js';
import { bodyIssues } from '../nucleo/read-body.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { nfseBody } from '../nfse/nfse-body.js';
import { checkNfseBody, type EmpresaContexto, type ValidationResult } from '../nfse/validacao/index.js';

export interface LineContext {
  companyId: string;
  empresa: EmpresaContexto;
  now: Date;
  /** The municipal parameters asked for the batch (parametrosDoLote); the offline tables where absent. */
  parametros?: ParametrosDoLote;
}

/**
 * One batch line, as the batch keeps it (the API's snake_case members), is validated by the single-note
 * declaration itself (same codes, `campo` relative to the line); the batch adds only what a line cannot do alone:
 * the company is the batch's, `referencia` is required (it is how a line is recognised as `ja_existente`) and
 * there is no batch substitution.
 */
export function validateLine(item: unknown, ctx: LineContext): ValidationResult {
  const edge: ValidationIssue[] = [];
  const line = camelBody(item, '', edge);
  const doLote = ctx.parametros?.(competenciaDaLinha(line, ctx.now));
  const result = checkNfseBody(bodyIssues(nfseBody, line, edge), {
    empresa: ctx.empresa,
    chaveRestritaEmpresa: true,
    now: ctx.now,
    ...(doLote && { parametros: (ibge: string) => doLote(ibge) ?? parametrosMunicipio(ibge) }),
  });
  if (typeof line !== 'object' || line === null || Array.isArray(line)) return result;
  const members = line as Record<string, unknown>;
  const erros = [...result.erros];
  if (members.referencia === undefined || members.referencia === null || members.referencia === '') {
    erros.push({
      codigo: 'campo_obrigatorio',
      campo: '/referencia',
      mensagem: 'A referência é obrigatória em cada linha do lote.',
      correcao: 'Informe uma referência única por empresa em cada linha; ela evita notas em dobro num reenvio.',
    });
  }
  if (members.empresaId !== undefined && members.empresaId !== ctx.companyId) {
    erros.push({
      codigo: 'empresa_divergente',
      campo: '/empresa_id',
      mensagem: 'A linha indica outra empresa que a do lote.',
      correcao: 'Remova empresa_id da linha; todas as linhas são emitidas pela empresa do lote.',
    });
  }
  if (members.substituicao !== undefined) {
    erros.push({
      codigo: 'substituicao_em_lote',
      campo: '/substituicao',
      mensagem: 'Não há substituição em lote.',
      correcao: 'Emita a nota substituta com POST /v1/nfse.',
    });
  }
  return erros.length === result.erros.length ? result : { erros };
}

function competenciaDaLinha(line: unknown, now: Date): string {
  const c = (line as { competencia?: unknown } | null)?.competencia;
  return typeof c === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(c.trim()) ? c.trim() : competenciaDe(now);
}
