import type { RestOperation } from '../rest-operation.js';

export const deleteWebhook: RestOperation = {
  document: `mutation($id: ID!) { deleteWebhook(id: $id) { __typename ... on WebhookRemoved { id } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id }),
  toBody: () => undefined,
  successStatus: 204,
};
