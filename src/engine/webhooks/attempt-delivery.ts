import { performance } from 'node:perf_hooks';
import type { VolleyDeadline } from './volley-deadline.js';
import type { ClaimedDelivery } from './claim-deliveries.js';
import type { ReadyWebhook, WebhookState } from './ready-webhook.js';
import type { SafeTarget } from './safe-dispatchers.js';
import { type Outcome, postForStatus } from './post-for-status.js';
import { nextAttemptAt } from './next-attempt-at.js';
import { legacySignature, signatureV2 } from './signature.js';
import type { WebhookDeps } from './webhook-deps.js';

export const DELIVERY_TIMEOUT_MS = 10_000;

/** One finished attempt, not yet recorded (claim-deliveries.ts writes many of them in one statement). */
export interface Attempt {
  delivery: ClaimedDelivery;
  webhook: WebhookState;
  numero: number;
  at: Date;
  durationMs: number;
  responseStatus: number | null;
  erro: string | null;
  status: 'entregue' | 'pendente' | 'falhou';
  firstAt: Date;
  next: Date | null;
  deliveredAt: Date | null;
}

/**
 * One attempt of a claimed delivery: POST `{tipo, dados}` with every header, signed, to `target` (the webhook's
 * host checked as its volley's attempts start: the pool only connects to the addresses just checked), until
 * `deadline` (the 10 s of its volley, whose attempts all start together); only 2xx is success, a 3xx is
 * not followed. Returns the outcome with its next attempt (retry-schedule.ts), to be recorded by
 * claimDeliveries; null when the webhook is gone (a delivery row is closed here, no attempt).
 */
export async function attemptDelivery(
  deps: WebhookDeps,
  delivery: ClaimedDelivery,
  webhook: ReadyWebhook | undefined,
  target: SafeTarget | undefined,
  deadline: VolleyDeadline,
): Promise<Attempt | null> {
  const at = deps.clock.now();
  const numero = delivery.attempts + 1;
  if (!webhook || !target) {
    // A first attempt has no row yet: its webhook is gone, so none is written.
    if (delivery.flight !== null) return null;
    await deps.db.webhookDelivery.updateMany({
      where: { id: delivery.id, attempts: delivery.attempts },
      data: { status: 'falhou', nextAttemptAt: null, lockedUntil: null },
    });
    return null;
  }
  const started = performance.now();
  const outcome = await post(webhook, delivery, target, at, deadline);
  const durationMs = Math.round(performance.now() - started);
  const success = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const firstAt = delivery.firstAttemptAt ?? at;
  const next = success ? null : nextAttemptAt(firstAt, at, numero);
  return {
    delivery,
    webhook: webhook.state,
    numero,
    at,
    durationMs,
    responseStatus: outcome.status,
    erro: outcome.erro,
    status: success ? 'entregue' : next ? 'pendente' : 'falhou',
    firstAt,
    next,
    deliveredAt: success ? deps.clock.now() : null,
  };
}

function post(
  webhook: ReadyWebhook,
  delivery: ClaimedDelivery,
  target: SafeTarget,
  at: Date,
  deadline: VolleyDeadline,
): Promise<Outcome> {
  if (!target.ok) return Promise.resolve({ status: null, erro: `endereço recusado: ${target.motivo}` });
  const body = delivery.body;
  const timestamp = Math.floor(at.getTime() / 1000);
  const keys = webhook.previous && webhook.previous.until > at ? [webhook.key, webhook.previous.key] : [webhook.key];
  const headers = [
    ...webhook.headers,
    'x-service-event',
    delivery.tipo,
    'x-service-event-id',
    delivery.eventId,
    'x-service-delivery-id',
    delivery.id,
    'x-service-timestamp',
    String(timestamp),
    'x-service-signature-v2',
    signatureV2(keys, timestamp, body),
    'x-service-signature',
    legacySignature(webhook.key, body),
  ];
  return postForStatus(target.pool, { path: webhook.path, headers, body }, deadline);
}

/** A success ends an outage: the next one gets its own notice. Written at most once a minute per webhook. */
export async function markSuccess(deps: WebhookDeps, webhook: WebhookState, at: Date): Promise<void> {
  const stale = new Date(at.getTime() - 60_000);
  // The row read with the claim already says so: no write (this is per delivery, on the hot path).
  if (webhook.outageNotifiedAt === null && webhook.lastSuccessAt && webhook.lastSuccessAt >= stale) return;
  webhook.lastSuccessAt = at;
  await deps.db.webhook.updateMany({
    where: {
      id: webhook.id,
      OR: [{ lastSuccessAt: null }, { lastSuccessAt: { lt: stale } }, { outageNotifiedAt: { not: null } }],
    },
    data: { lastSuccessAt: at, outageNotifiedAt: null },
  });
}
