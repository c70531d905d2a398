import type { RestOperation } from '../operation.js';

export const listWebhookDeliveries: RestOperation = {
  document: `query($id: ID!, $cursor: String, $limite: String, $status: String) {
    webhookDeliveries(id: $id, cursor: $cursor, limite: $limite, status: $status) {
      __typename ... on WebhookDeliveryPage { proximoCursor
        entregas { id eventoId tipo origem status criadaEm proximaTentativaEm entregueEm tentativas { numero em statusHttp duracaoMs erro } } }
      ...DomainErrorFields } }`,
  toVariables: (req) => ({
    id: req.params.id,
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: (req.query.limite as string | undefined) ?? null,
    status: (req.query.status as string | undefined) ?? null,
  }),
  successStatus: 200,
};
