import type { RestOperation } from '../rest-operation.js';
import { WEBHOOK_WITH_SECRET_RESULT } from './webhook-fields.js';

export const rotateWebhookSecret: RestOperation = {
  document: `mutation($id: ID!) { rotateWebhookSecret(id: $id) { ${WEBHOOK_WITH_SECRET_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
};
