import * as v from 'valibot';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { invalidWebhook, refineWebhookFields, webhookFields } from './webhook-fields.js';

/** The body of `POST /v1/webhooks` (GraphQL `WebhookInput`): url and eventos required, up to 5 cabecalhos. */
export const createWebhookBody = declareBody(
  v.strictObject({ ...webhookFields, cabecalhos: v.nullish(webhookFields.cabecalhos, []) }),
  refineWebhookFields,
  invalidWebhook,
);

export type CreateWebhookBody = BodyOf<typeof createWebhookBody>;
