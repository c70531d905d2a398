import { camelBody } from '../nucleo/camel-body.js';
import { bodyIssues } from '../nucleo/read-body.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { nfseBody } from '../nfse/nfse-body.js';
import { checkNfseBody, type EmpresaContexto, type ValidationResult } from '../nfse/validacao/index.js';

export interface LineContext {
  companyId: string;
  empresa: EmpresaContexto;
  now: Date;
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
  const result = checkNfseBody(bodyIssues(nfseBody, line, edge), { empresa: ctx.empresa, chaveRestritaEmpresa: true, now: ctx.now });
  if (typeof line !== 'object' || line === null || Array.isArray(line)) return result;
  const members = line as Record<string, unknown>;
  const erros = [...result.erros];
  if (members.referencia === undefined || members.referencia === null || members.referencia === '') {
    erros.push({
      codigo: 'campo_obrigatorio', campo: '/referencia', mensagem: 'A referência é obrigatória em cada linha do lote.',
      correcao: 'Informe uma referência única por empresa em cada linha; ela evita notas em dobro num reenvio.',
    });
  }
  if (members.empresaId !== undefined && members.empresaId !== ctx.companyId) {
    erros.push({
      codigo: 'empresa_divergente', campo: '/empresa_id', mensagem: 'A linha indica outra empresa que a do lote.',
      correcao: 'Remova empresa_id da linha; todas as linhas são emitidas pela empresa do lote.',
    });
  }
  if (members.substituicao !== undefined) {
    erros.push({
      codigo: 'substituicao_em_lote', campo: '/substituicao', mensagem: 'Não há substituição em lote.',
      correcao: 'Emita a nota substituta com POST /v1/nfse.',
    });
  }
  return erros.length === result.erros.length ? result : { erros };
}
