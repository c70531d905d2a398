import * as v from 'valibot';
import { issueMessage } from '../nucleo/issue-message.js';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';

export const EMIT_LOTE_CORRECAO =
  'Envie {"todas": true} ou {"linhas": [1, 2, …]} (linhas válidas, numeradas a partir de 1).';
const LINHA = issueMessage('Cada linha é um número inteiro a partir de 1.', EMIT_LOTE_CORRECAO);

/**
 * The body of `POST /v1/lotes/{id}/emissao` (GraphQL `LoteEmissaoInput`): exactly one of `todas: true` or a
 * non-empty `linhas` (line numbers from 1; whether each is a valid line waiting is the batch's to say).
 */
export const emitLoteBody = declareBody(
  v.strictObject({
    todas: v.nullish(v.boolean()),
    linhas: v.nullish(
      v.array(
        v.pipe(
          v.number(issueMessage('Cada linha é um número inteiro a partir de 1.', EMIT_LOTE_CORRECAO, 'tipo_invalido')),
          v.integer(LINHA),
          v.minValue(1, LINHA),
        ),
      ),
    ),
  }),
  (body, report) => {
    if (!report.valid('/todas') || !report.valid('/linhas')) return;
    const todas = body.todas === true && body.linhas == null;
    const linhas = body.todas == null && (body.linhas?.length ?? 0) > 0;
    if (!todas && !linhas) {
      report.add({
        codigo: 'formato_invalido',
        campo: '',
        mensagem: 'Informe todas: true ou uma lista linhas não vazia (não ambos).',
        correcao: EMIT_LOTE_CORRECAO,
      });
    }
  },
);

export type EmitLoteBody = BodyOf<typeof emitLoteBody>;
