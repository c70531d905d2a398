import type { Config } from '../config.js';
import type { AppOptions } from '../create-app.js';
import type { PreparedSql } from '../db/sql-runner.js';
import { DELIVERY_TIMEOUT_MS } from '../engine/webhooks/attempt-delivery.js';
import { systemResolveHost } from '../engine/webhooks/check-host.js';
import { SafeDispatchers } from '../engine/webhooks/safe-dispatchers.js';
import type { WebhookRuntime } from '../engine/webhooks/webhook-deps.js';
import type { Mailer } from '../engine/nucleo/mailer.js';

/**
 * What webhook deliveries run on: the address policy and its connection pools, the attempt limit, the process's
 * mailer (null without SMTP) for outage notices.
 */
export function createWebhookRuntime(
  config: Pick<Config, 'webhookAllowedCidrs'>,
  sql: PreparedSql,
  options: Pick<AppOptions, 'resolveHost' | 'webhookTimeoutMs'>,
  mailer: Mailer | null,
): WebhookRuntime {
  const policy = { resolveHost: options.resolveHost ?? systemResolveHost, allowedCidrs: config.webhookAllowedCidrs };
  return {
    sql,
    policy,
    dispatchers: new SafeDispatchers(policy),
    timeoutMs: options.webhookTimeoutMs ?? DELIVERY_TIMEOUT_MS,
    mailer,
  };
}

/** The mailer, then the delivery pools (waiting for the attempts in flight). */
export async function closeWebhookRuntime(webhooks: Pick<WebhookRuntime, 'mailer' | 'dispatchers'>): Promise<void> {
  webhooks.mailer?.close();
  await webhooks.dispatchers.close();
}
