import * as v from 'valibot';
import type { BodyReport } from '../nucleo/read-body.js';
import { produtoFields, refineProdutoFields } from '../produtos/produto-fields.js';
import { requiredText } from '../nucleo/text-rules.js';
import { criteriosFields } from './criterios-fields.js';
import { membrosDaTributacao } from './membros-da-tributacao.js';

/**
 * The members of a rule's body, shared by creation and PATCH. `tributacao` is the product's own schema (every
 * member already optional there), so a rule sets exactly what a product can.
 */
export const regraTributariaFields = {
  descricao: requiredText(120, 'descricao'),
  criterios: criteriosFields,
  tributacao: v.unwrap(produtoFields.tributacao),
  ativa: v.boolean(),
};

/** ICMS takes CST or CSOSN as on a product; a rule that sets no member of `tributacao` would change nothing. */
export function refineRegraTributaria(body: { tributacao?: unknown }, report: BodyReport): void {
  refineProdutoFields(body, report);
  if (body.tributacao && report.valid('/tributacao') && membrosDaTributacao(body.tributacao).size === 0) {
    report.add({
      codigo: 'campo_obrigatorio',
      campo: '/tributacao',
      mensagem: 'a regra não define nenhum membro de tributacao.',
      correcao: 'Informe o que a regra muda, por exemplo {"pis": {"cst": "06"}}.',
    });
  }
}
