import type { RestOperation } from '../operation.js';
import { WEBHOOK_FIELDS } from './webhook-fields.js';

export const listWebhooks: RestOperation = {
  document: `query { webhooks { __typename ... on QueryWebhooksSuccess { data { ${WEBHOOK_FIELDS} } } ...DomainErrorFields } }`,
  toVariables: () => ({}),
  toBody: (data) => data.data,
  successStatus: 200,
};
