import * as v from 'valibot';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { layoutText } from '../nucleo/text-rules.js';
import { invalidNfeEvent } from './nfe-event-scenario.js';

/**
 * The body of `POST /v1/nfe/{id}/carta-correcao` (GraphQL `NfeCartaCorrecaoInput`): `correcao`, the xCorrecao
 * of event 110110 (e110110_v1.00.xsd: 15–1000 characters, one line of Latin-1 text; never read by the service).
 */
export const cartaCorrecaoBody = declareBody(
  v.strictObject({
    correcao: layoutText(
      15,
      1000,
      'O texto da carta de correção',
      'Envie {"correcao": "..."} com 15 a 1000 caracteres, numa linha só.',
    ),
  }),
  undefined,
  invalidNfeEvent,
);

export type CartaCorrecaoBody = BodyOf<typeof cartaCorrecaoBody>;
