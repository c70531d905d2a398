import type { RestOperation } from '../rest-operation.js';
import { WEBHOOK_RESULT } from './webhook-fields.js';

export const getWebhook: RestOperation = {
  document: `query($id: ID!) { webhook(id: $id) { ${WEBHOOK_RESULT} } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
};
