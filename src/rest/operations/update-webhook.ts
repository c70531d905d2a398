import { updateWebhookBody } from '../../engine/webhooks/update-webhook-body.js';
import type { RestOperation } from '../rest-operation.js';
import { WEBHOOK_RESULT } from './webhook-fields.js';

export const updateWebhook: RestOperation = {
  document: `mutation($id: ID!, $input: WebhookInput!) { updateWebhook(id: $id, input: $input) { ${WEBHOOK_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id, input: req.body ?? null }),
  body: updateWebhookBody,
  successStatus: 200,
};
