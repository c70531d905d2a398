import type { Config } from '../config.js';
import type { AppOptions } from '../create-app.js';
import type { PreparedSql } from '../db/sql-runner.js';
import { DELIVERY_TIMEOUT_MS } from '../engine/webhooks/attempt-delivery.js';
import { systemResolveHost } from '../engine/webhooks/check-host.js';
import { createOutageMailer } from '../engine/webhooks/outage-mailer.js';
import { SafeDispatchers } from '../engine/webhooks/safe-dispatchers.js';
import type { WebhookRuntime } from '../engine/webhooks/webhook-deps.js';

/** What webhook deliveries run on: the address policy and its connection pools, the attempt limit, the mailer. */
export function createWebhookRuntime(
  config: Pick<Config, 'webhookAllowedCidrs' | 'smtpUrl'>,
  sql: PreparedSql,
  options: Pick<AppOptions, 'resolveHost' | 'webhookTimeoutMs'>,
): WebhookRuntime {
  const policy = { resolveHost: options.resolveHost ?? systemResolveHost, allowedCidrs: config.webhookAllowedCidrs };
  return {
    sql,
    policy,
    dispatchers: new SafeDispatchers(policy),
    timeoutMs: options.webhookTimeoutMs ?? DELIVERY_TIMEOUT_MS,
    mailer: config.smtpUrl ? createOutageMailer(config.smtpUrl, 'fiscal-api <nao-responda@fiscal-api.dev>') : null,
  };
}

/** The mailer, then the delivery pools (waiting for the attempts in flight). */
export async function closeWebhookRuntime(webhooks: Pick<WebhookRuntime, 'mailer' | 'dispatchers'>): Promise<void> {
  webhooks.mailer?.close();
  await webhooks.dispatchers.close();
}
