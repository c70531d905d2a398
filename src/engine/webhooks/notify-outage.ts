import { newId } from '../nucleo/new-id.js';
import type { WebhookState } from './ready-webhook.js';
import type { WebhookDeps } from './webhook-deps.js';

/**
 * When a delivery fails for good and the webhook had no success since that delivery's first attempt
 * (every delivery failing for more than 72 hours), the account owner is told once per outage. The conditional
 * update is the "once": only the caller that sets outage_notified_at sends. The webhook stays enabled.
 */
export async function notifyOutage(deps: WebhookDeps, webhook: WebhookState, firstAttemptAt: Date): Promise<void> {
  const now = deps.clock.now();
  const { count } = await deps.db.webhook.updateMany({
    where: {
      id: webhook.id,
      outageNotifiedAt: null,
      OR: [{ lastSuccessAt: null }, { lastSuccessAt: { lt: firstAttemptAt } }],
    },
    data: { outageNotifiedAt: now },
  });
  if (count === 0) return;
  const account = await deps.db.account.findUnique({
    where: { id: webhook.accountId },
    select: { email: true, name: true },
  });
  const email = account?.email ?? null;
  const mailer = deps.webhooks.mailer;
  let sentAt: Date | null = null;
  if (mailer && email) {
    try {
      await mailer.send({
        to: email,
        subject: 'fiscal-api: entregas do webhook falhando há mais de 72 horas',
        text: [
          `Olá${account?.name ? `, ${account.name}` : ''}.`,
          '',
          `Todas as entregas do webhook ${webhook.id} (${webhook.url}) falham há mais de 72 horas.`,
          'O webhook continua ativo: as próximas entregas serão tentadas normalmente.',
          `As entregas que falharam podem ser vistas em GET /v1/webhooks/${webhook.id}/entregas?status=falhou e reenviadas com POST /v1/webhooks/${webhook.id}/reenvio.`,
        ].join('\n'),
      });
      sentAt = deps.clock.now();
    } catch (err) {
      deps.logger.error({ err, webhookId: webhook.id }, 'webhook outage e-mail failed');
    }
  }
  await deps.db.webhookOutageNotice.create({
    data: {
      id: newId(),
      webhookId: webhook.id,
      accountId: webhook.accountId,
      email,
      transporte: mailer ? 'smtp' : 'registro',
      sentAt,
      createdAt: now,
    },
  });
  deps.logger.warn(
    { webhookId: webhook.id, accountId: webhook.accountId, emailed: sentAt !== null },
    'webhook outage: every delivery failing for more than 72 hours',
  );
}
