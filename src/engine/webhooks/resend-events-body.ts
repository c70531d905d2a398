import * as v from 'valibot';
import { EngineError } from '../errors.js';
import { issueMessage } from '../nucleo/issue-message.js';
import { isUuid } from '../nucleo/new-id.js';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';

const CORRECAO =
  'Envie exatamente um de: evento_id; desde e ate (ISO 8601); lote_id (com desde = continuar_desde para continuar).';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant: a GraphQL DateTime, or REST's ISO 8601 text with its zone (a time without one is ambiguous). */
const instant = (name: string) => {
  const wrong = issueMessage(`${name} deve ser uma data e hora ISO 8601 com fuso.`, CORRECAO, 'formato_invalido');
  return v.nullish(
    v.pipe(
      v.union([v.date(), v.string()], wrong),
      v.check(
        (d) => (d instanceof Date ? !Number.isNaN(d.getTime()) : ISO_INSTANT.test(d) && !Number.isNaN(Date.parse(d))),
        wrong,
      ),
      v.transform((d) => (d instanceof Date ? d : new Date(d))),
    ),
  );
};

/**
 * The body of `POST /v1/webhooks/{id}/reenvio` (GraphQL `WebhookReenvioInput`): exactly one of `eventoId`, the
 * pair `desde` and `ate`, or `loteId` (with `desde` = `continuar_desde` to continue). Any problem answers
 * `reenvio_invalido`, the resend's own code, with every problem in `erros[]`.
 */
export const resendEventsBody = declareBody(
  v.strictObject({
    eventoId: v.nullish(
      v.string(
        issueMessage(
          'evento_id deve ser o id de um evento (texto).',
          'Use o id de GET /v1/eventos (X-Service-Event-Id).',
          'tipo_invalido',
        ),
      ),
    ),
    desde: instant('desde'),
    ate: instant('ate'),
    loteId: v.nullish(
      v.pipe(
        v.string(issueMessage('lote_id deve ser o id de um lote.', CORRECAO, 'tipo_invalido')),
        v.check(isUuid, issueMessage('lote_id deve ser o id de um lote.', CORRECAO)),
      ),
    ),
  }),
  (body, report) => {
    const eventoId = body.eventoId != null || !report.valid('/evento_id');
    const periodo = body.ate != null || !report.valid('/ate');
    const loteId = body.loteId != null || !report.valid('/lote_id');
    if ([eventoId, periodo, loteId].filter(Boolean).length !== 1) {
      report.add({
        codigo: 'formato_invalido',
        campo: '',
        mensagem: 'Informe exatamente um de evento_id, o par desde e ate, ou lote_id.',
        correcao: CORRECAO,
      });
      return;
    }
    if (eventoId && body.desde != null) {
      report.add({
        codigo: 'formato_invalido',
        campo: '/desde',
        mensagem: 'desde não se combina com evento_id.',
        correcao: CORRECAO,
      });
    }
    if (periodo && body.desde == null && report.valid('/desde')) {
      report.add({
        codigo: 'campo_obrigatorio',
        campo: '/desde',
        mensagem: 'desde é obrigatório com ate.',
        correcao: CORRECAO,
      });
    }
    if (body.desde instanceof Date && body.ate instanceof Date && body.desde > body.ate) {
      report.add({
        codigo: 'formato_invalido',
        campo: '/desde',
        mensagem: 'desde deve ser anterior ou igual a ate.',
        correcao: CORRECAO,
      });
    }
  },
  (erros: ValidationIssue[]) => {
    const first = erros[0]!;
    return new EngineError('reenvio_invalido', first.mensagem, {
      campo: first.campo || null,
      correcao: first.correcao,
      extra: { erros },
    });
  },
);

export type ResendEventsBody = BodyOf<typeof resendEventsBody>;
