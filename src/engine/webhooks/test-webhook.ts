import type { Principal } from '../chaves/principal.js';
import { newId } from '../nucleo/new-id.js';
import { deliveryRow } from './delivery-row.js';
import { TEST_EVENT } from './event-types.js';
import { findWebhook } from './find-webhook.js';
import type { WebhookDeps } from './webhook-deps.js';

/**
 * `POST /v1/webhooks/{id}/teste`: one `webhook.teste` delivery with `{mensagem, testeId}`, sent by the worker
 * with the same headers, signatures and retries as any other. It is not an event of the log.
 */
export async function testWebhook(deps: WebhookDeps, principal: Principal, options: { id: string }) {
  const webhook = await findWebhook(deps, principal, options.id);
  const now = deps.clock.now();
  const testeId = newId();
  const row = deliveryRow({
    webhookId: webhook.id,
    accountId: webhook.accountId,
    environment: webhook.environment,
    eventId: testeId,
    tipo: TEST_EVENT,
    dados: { mensagem: 'Entrega de teste do fiscal-api.', testeId },
    eventAt: now,
    origem: 'teste',
    now,
  });
  await deps.db.webhookDelivery.create({ data: row });
  return { entrega_id: row.id!, evento_id: testeId, tipo: TEST_EVENT, status: 'pendente' };
}
