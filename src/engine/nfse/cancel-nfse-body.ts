import * as v from 'valibot';
import { issueMessage } from '../nucleo/issue-message.js';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { layoutText } from '../nucleo/text-rules.js';
import { CANCELLATION_REASONS, invalidCancellation } from './cancellation-input.js';

const CODIGO_FIX = 'Use "1" (erro na emissão), "2" (serviço não prestado) ou "9" (outros).';

/**
 * The body of `POST /v1/nfse/{id}/cancelamento` (GraphQL `NfseCancelamentoInput`): `codigoMotivo` is the national
 * cMotivo and `motivo` the xMotivo of the e101101 event, required for every reason, 15–255 characters of
 * TSString (no line breaks, Latin-1).
 */
export const cancelNfseBody = declareBody(
  v.strictObject({
    codigoMotivo: v.pipe(
      v.string(issueMessage('codigo_motivo deve ser texto.', CODIGO_FIX, 'tipo_invalido')),
      v.picklist(CANCELLATION_REASONS, (i) =>
        issueMessage(`Código de motivo "${String(i.input)}" inválido.`, CODIGO_FIX, 'formato_invalido'),
      ),
    ),
    motivo: layoutText(15, 255, 'O motivo do cancelamento', 'Descreva o motivo em 15 a 255 caracteres, numa linha só.'),
  }),
  undefined,
  invalidCancellation,
);

export type CancelNfseBody = BodyOf<typeof cancelNfseBody>;
