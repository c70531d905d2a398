import type { RestOperation } from '../rest-operation.js';

/** `POST /v1/webhooks/{id}/teste` → 202: the delivery is queued; its attempts show in …/entregas. */
export const testWebhook: RestOperation = {
  document: `mutation($id: ID!) { testWebhook(id: $id) { __typename ... on WebhookTest { entregaId eventoId tipo status } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 202,
};
