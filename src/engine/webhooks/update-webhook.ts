import type { Principal } from '../chaves/principal.js';
import { findWebhook } from './find-webhook.js';
import { presentWebhook } from './present-webhook.js';
import { updateWebhookBody } from './update-webhook-body.js';
import { readWebhookBody } from './webhook-fields.js';
import type { EngineDeps } from '../engine-deps.js';
import type { WebhookDeps } from './webhook-deps.js';
import { sealHeader } from './new-webhook-secret.js';

/**
 * `PATCH /v1/webhooks/{id}`: any of url, eventos, cabecalhos (replaces the whole list), ativo. Disabling stops the
 * fan-out to the webhook and closes its pending deliveries without a request (they can be resent); enabling it
 * again delivers what happens from then on, not what happened meanwhile (resend a period for that).
 */
export async function updateWebhook(
  deps: Pick<WebhookDeps, 'db' | 'clock' | 'secrets' | 'webhooks'>,
  principal: Principal,
  options: { id: string; input: unknown },
) {
  const current = await findWebhook(deps, principal, options.id);
  const input = await readWebhookBody(deps.webhooks.policy, updateWebhookBody, options.input);
  const now = deps.clock.now();
  const data = {
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
    updatedAt: now,
  };
  const switching = input.ativo !== undefined && input.ativo !== (current.disabledAt === null);
  if (!switching) return presentWebhook(await deps.db.webhook.update({ where: { id: current.id }, data }));
  const scope = { accountId: current.accountId, environment: current.environment };
  const row = await deps.db.$transaction(async (tx) => {
    // As at creation (create-webhook.ts): waits for a dispatcher busy with this account, so each event is fanned
    // out either before the switch or after it, by the webhook's new state.
    await tx.$queryRaw`SELECT 1 FROM webhook_dispatch_positions WHERE account_id = ${scope.accountId}::uuid AND environment = ${scope.environment} FOR UPDATE`;
    if (!input.ativo) {
      await tx.webhookDelivery.updateMany({
        where: { webhookId: current.id, status: 'pendente' },
        data: { status: 'falhou', nextAttemptAt: null },
      });
      return tx.webhook.update({ where: { id: current.id }, data: { ...data, disabledAt: now } });
    }
    const counter = await tx.eventCounter.findUnique({ where: { accountId_environment: scope } });
    return tx.webhook.update({
      where: { id: current.id },
      data: { ...data, disabledAt: null, fromSeq: counter?.last ?? 0n },
    });
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
