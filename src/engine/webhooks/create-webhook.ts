import type { Principal } from '../auth/principal.js';
import { newId } from '../kernel/ids.js';
import { assertAccountKey } from './find-webhook.js';
import { presentWebhook } from './present-webhook.js';
import { parseWebhookInput } from './webhook-input.js';
import type { WebhookDeps } from './webhook-deps.js';
import { newWebhookSecret, sealHeader, sealSecret } from './webhook-secret.js';

/**
 * `POST /v1/webhooks`: the webhook receives the events of its account and environment committed after its
 * creation (from_seq = the log's current position). The secret is returned here and at rotation only.
 */
export async function createWebhook(deps: WebhookDeps, principal: Principal, body: unknown) {
  assertAccountKey(principal);
  const input = await parseWebhookInput(deps.webhooks.policy, body, 'create');
  const id = newId();
  const segredo = newWebhookSecret();
  const now = deps.clock.now();
  const scope = { accountId: principal.accountId, environment: principal.environment };
  const row = await deps.db.$transaction(async (tx) => {
    const counter = await tx.eventCounter.findUnique({ where: { accountId_environment: scope } });
    return tx.webhook.create({
      data: {
        id,
        ...scope,
        url: input.url!,
        eventos: input.eventos!,
        cabecalhos: input.cabecalhos!.map((h) => ({ nome: h.nome, valor_enc: sealHeader(deps.secrets, id, h.valor) })),
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
