import { connectionPage } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';
import { WEBHOOK_FIELDS } from './webhook-fields.js';

/** The whole list (no `first`): GET /v1/webhooks is not paginated. */
export const listWebhooks: RestOperation = {
  document: `query { webhooks { pageInfo { hasNextPage endCursor } edges { node { ${WEBHOOK_FIELDS} } } } }`,
  toVariables: () => ({}),
  toBody: (data) => connectionPage(data).nodes,
  successStatus: 200,
};
