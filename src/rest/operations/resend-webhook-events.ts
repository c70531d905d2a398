import { resendEventsBody } from '../../engine/webhooks/resend-events-body.js';
import type { RestOperation } from '../rest-operation.js';

/** `POST /v1/webhooks/{id}/reenvio` → 202: the deliveries are queued. */
export const resendWebhookEvents: RestOperation = {
  document: `mutation($id: ID!, $input: WebhookReenvioInput!) { resendWebhookEvents(id: $id, input: $input) {
    __typename ... on WebhookResend { total continuarDesde } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id, input: req.body ?? {} }),
  body: resendEventsBody,
  successStatus: 202,
};
