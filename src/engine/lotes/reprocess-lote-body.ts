import * as v from 'valibot';
import { issueMessage } from '../nucleo/issue-message.js';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { objectMember } from '../nfse/validacao/member-schemas.js';

export const REPROCESS_LOTE_CORRECAO = 'Envie {"itens": [{"linha": n, …requisição corrigida}]}.';

/**
 * The body of `POST /v1/lotes/{id}/reprocessamento` (GraphQL `LoteReprocessamentoInput`): a non-empty list of
 * corrected lines, each its `linha` and the whole NFS-e request that replaces it. Whether `linha` is a line of the
 * batch is `reprocessLote`'s; the request is validated like a new line, with `nfseBody`.
 */
export const reprocessLoteBody = declareBody(
  objectMember({
    itens: v.nullish(
      v.pipe(
        v.unknown(),
        v.check(
          (x) => Array.isArray(x) && x.length > 0,
          issueMessage('Informe itens: uma lista não vazia de linhas corrigidas.', REPROCESS_LOTE_CORRECAO),
        ),
        v.transform((x) => x as unknown[]),
      ),
    ),
  }),
  (body, report) => {
    if (!Array.isArray(body) && (body.itens === undefined || body.itens === null) && report.valid('/itens')) {
      report.add({
        codigo: 'formato_invalido',
        campo: '/itens',
        mensagem: 'Informe itens: uma lista não vazia de linhas corrigidas.',
        correcao: REPROCESS_LOTE_CORRECAO,
      });
    }
  },
);

export type ReprocessLoteBody = BodyOf<typeof reprocessLoteBody>;
