import * as v from 'valibot';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { layoutText } from '../nucleo/text-rules.js';
import { invalidNfeEvent } from './nfe-event-scenario.js';

/**
 * The body of `POST /v1/nfe/{id}/cancelamento` (GraphQL `NfeCancelamentoInput`): `justificativa`, the xJust of
 * event 110111 (TJust, tiposBasico_v1.03.xsd: 15–255 characters, one line of Latin-1 text).
 */
export const cancelNfeBody = declareBody(
  v.strictObject({
    justificativa: layoutText(
      15,
      255,
      'A justificativa do cancelamento',
      'Envie {"justificativa": "..."} com 15 a 255 caracteres, numa linha só.',
    ),
  }),
  undefined,
  invalidNfeEvent,
);

export type CancelNfeBody = BodyOf<typeof cancelNfeBody>;
