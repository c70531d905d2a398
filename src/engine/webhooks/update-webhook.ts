import type { Principal } from '../chaves/principal.js';
import { findWebhook } from './find-webhook.js';
import { presentWebhook } from './present-webhook.js';
import { updateWebhookBody } from './update-webhook-body.js';
import { readWebhookBody } from './webhook-fields.js';
import type { EngineDeps } from '../engine-deps.js';
import type { WebhookDeps } from './webhook-deps.js';
import { sealHeader } from './new-webhook-secret.js';

/** `PATCH /v1/webhooks/{id}`: any of url, eventos, cabecalhos; cabecalhos replaces the whole list. */
export async function updateWebhook(
  deps: Pick<WebhookDeps, 'db' | 'clock' | 'secrets' | 'webhooks'>,
  principal: Principal,
  options: { id: string; input: unknown },
) {
  const current = await findWebhook(deps, principal, options.id);
  const input = await readWebhookBody(deps.webhooks.policy, updateWebhookBody, options.input);
  const row = await deps.db.webhook.update({
    where: { id: current.id },
    data: {
      ...(input.url ? { url: input.url } : {}),
      ...(input.eventos ? { eventos: input.eventos } : {}),
      ...(input.cabecalhos
        ? {
            cabecalhos: input.cabecalhos.map((h) => ({
              nome: h.nome,
              valor_enc: sealHeader(deps.secrets, current.id, h.valor),
            })),
          }
        : {}),
      updatedAt: deps.clock.now(),
    },
  });
  return presentWebhook(row);
}

/** `DELETE /v1/webhooks/{id}` (204): no new deliveries, and the pending ones are closed without a request. */
export async function deleteWebhook(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  principal: Principal,
  options: { id: string },
) {
  const current = await findWebhook(deps, principal, options.id);
  await deps.db.$transaction([
    deps.db.webhook.update({ where: { id: current.id }, data: { deletedAt: deps.clock.now() } }),
    deps.db.webhookDelivery.updateMany({
      where: { webhookId: current.id, status: 'pendente' },
      data: { status: 'falhou', nextAttemptAt: null },
    }),
  ]);
  return { id: current.id, removido: true };
}
