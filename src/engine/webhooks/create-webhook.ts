import type { Principal } from '../chaves/principal.js';
import { newId } from '../nucleo/new-id.js';
import { assertAccountKey } from './find-webhook.js';
import { presentWebhook } from './present-webhook.js';
import { createWebhookBody } from './create-webhook-body.js';
import { readWebhookBody } from './webhook-fields.js';
import type { WebhookDeps } from './webhook-deps.js';
import { newWebhookSecret, sealHeader, sealSecret } from './new-webhook-secret.js';

/**
 * `POST /v1/webhooks`: the webhook receives the events of its account and environment committed after its
 * creation (from_seq = the log's current position). The secret is returned here and at rotation only.
 */
export async function createWebhook(deps: WebhookDeps, principal: Principal, body: unknown) {
  assertAccountKey(principal);
  const input = await readWebhookBody(deps.webhooks.policy, createWebhookBody, body);
  const id = newId();
  const segredo = newWebhookSecret();
  const now = deps.clock.now();
  const scope = { accountId: principal.accountId, environment: principal.environment };
  // The account's first webhook starts the dispatcher at the log's end: nobody subscribed to what came before.
  await deps.db.$executeRaw`
    INSERT INTO webhook_dispatch_positions (account_id, environment, last_seq)
    VALUES (${principal.accountId}::uuid, ${principal.environment},
      COALESCE((SELECT last FROM event_counters WHERE account_id = ${principal.accountId}::uuid AND environment = ${principal.environment}), 0))
    ON CONFLICT DO NOTHING`;
  const row = await deps.db.$transaction(async (tx) => {
    // Waits for a dispatcher busy with this account (dispatch-events.ts locks the same row before reading the
    // webhooks), so an event is either fanned out before this webhook exists or counted after from_seq.
    await tx.$queryRaw`SELECT 1 FROM webhook_dispatch_positions WHERE account_id = ${principal.accountId}::uuid AND environment = ${principal.environment} FOR UPDATE`;
    const counter = await tx.eventCounter.findUnique({ where: { accountId_environment: scope } });
    return tx.webhook.create({
      data: {
        id,
        ...scope,
        url: input.url,
        eventos: input.eventos,
        cabecalhos: input.cabecalhos.map((h) => ({ nome: h.nome, valor_enc: sealHeader(deps.secrets, id, h.valor) })),
        secretEnc: sealSecret(deps.secrets, id, segredo),
        fromSeq: counter?.last ?? 0n,
        createdAt: now,
        updatedAt: now,
      },
    });
  });
  deps.logger.info({ webhookId: id, accountId: principal.accountId }, 'webhook created');
  return { ...presentWebhook(row), segredo };
}
