import { createWebhookBody } from '../../engine/webhooks/create-webhook-body.js';
import type { RestOperation } from '../rest-operation.js';
import { WEBHOOK_WITH_SECRET_RESULT } from './webhook-fields.js';

export const createWebhook: RestOperation = {
  document: `mutation($input: WebhookInput!) { createWebhook(input: $input) { ${WEBHOOK_WITH_SECRET_RESULT} } }`,
  toVariables: (req) => ({ input: req.body ?? null }),
  body: createWebhookBody,
  successStatus: 201,
  idempotent: true,
  // An idempotent replay returns the secret again; the stored copy is sealed like the webhook's own.
  sealedFields: ['segredo'],
};
