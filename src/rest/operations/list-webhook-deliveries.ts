import { TEST_EVENT } from '../../engine/webhooks/event-types.js';
import { connectionPage, pageSizeParam } from '../connection-page.js';
import type { RestOperation } from '../rest-operation.js';

export const listWebhookDeliveries: RestOperation = {
  document: `query($id: ID!, $cursor: String, $limite: Int, $status: String) {
    webhookDeliveries(id: $id, after: $cursor, first: $limite, status: $status) { pageInfo { hasNextPage endCursor }
      edges { node { id eventoId tipo origem status criadaEm proximaTentativaEm entregueEm tentativas { numero em statusHttp duracaoMs erro } } } } }`,
  toVariables: (req) => ({
    id: req.params.id,
    cursor: (req.query.cursor as string | undefined) ?? null,
    limite: pageSizeParam(req.query.limite),
    status: (req.query.status as string | undefined) ?? null,
  }),
  toBody: (data) => {
    const page = connectionPage(data);
    // The enum names the test delivery WEBHOOK_TESTE; its wire name is webhook.teste.
    const entregas = page.nodes.map((d) => (d.tipo === 'WEBHOOK_TESTE' ? { ...d, tipo: TEST_EVENT } : d));
    return { entregas, proximo_cursor: page.proximoCursor };
  },
  successStatus: 200,
};
