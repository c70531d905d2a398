import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import type { Webhook } from '../../generated/prisma/client.js';
import { checkHost, parseIpLiteral } from './address-safety.js';
import type { ClaimedDelivery } from './claim-deliveries.js';
import type { StoredHeader } from './present-webhook.js';
import { nextAttemptAt } from './retry-schedule.js';
import { legacySignature, signatureV2 } from './signature.js';
import type { WebhookDeps } from './webhook-deps.js';
import { openHeader, openSecret } from './webhook-secret.js';

export const DELIVERY_TIMEOUT_MS = 10_000;

interface Outcome {
  status: number | null;
  erro: string | null;
}

/** One finished attempt, not yet recorded (record-attempts.ts writes a batch of them in one statement). */
export interface Attempt {
  delivery: ClaimedDelivery;
  webhook: Webhook;
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
 * One attempt of a claimed delivery (spec 6.1): POST `{tipo, dados}` with every header, signed, within 10 s;
 * only 2xx is success, a 3xx is not followed. Returns the outcome with the next attempt of the table of spec 6.3,
 * to be recorded by recordAttempts; null when the webhook is gone (the delivery is closed here, no attempt).
 */
export async function attemptDelivery(deps: WebhookDeps, delivery: ClaimedDelivery, webhook: Webhook | undefined): Promise<Attempt | null> {
  const at = deps.clock.now();
  const numero = delivery.attempts + 1;
  if (!webhook || webhook.deletedAt) {
    await deps.db.webhookDelivery.updateMany({
      where: { id: delivery.id, attempts: delivery.attempts },
      data: { status: 'falhou', nextAttemptAt: null, lockedUntil: null },
    });
    return null;
  }
  const body = JSON.stringify({ tipo: delivery.tipo, dados: delivery.dados });
  const started = performance.now();
  const outcome = await post(deps, webhook, delivery, body, at);
  const durationMs = Math.round(performance.now() - started);
  const success = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const firstAt = delivery.firstAttemptAt ?? at;
  const next = success ? null : nextAttemptAt(firstAt, at, numero);
  return {
    delivery,
    webhook,
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

async function post(deps: WebhookDeps, webhook: Webhook, delivery: ClaimedDelivery, body: string, at: Date): Promise<Outcome> {
  const url = new URL(webhook.url);
  // A literal never reaches the dispatcher's lookup (net.connect skips it), so it is checked here; a name is
  // resolved and checked inside the connection, on the addresses actually used.
  if (parseIpLiteral(url.hostname)) {
    const verdict = await checkHost(deps.webhooks.policy, url.hostname);
    if (!verdict.ok) return { status: null, erro: `endereço recusado: ${verdict.motivo}` };
  }
  const timestamp = Math.floor(at.getTime() / 1000);
  const secret = openSecret(deps.secrets, webhook.id, webhook.secretEnc);
  const previous = webhook.previousSecretEnc && webhook.previousUntil && webhook.previousUntil > at
    ? [openSecret(deps.secrets, webhook.id, webhook.previousSecretEnc)]
    : [];
  const headers: Record<string, string> = {};
  for (const h of webhook.cabecalhos as unknown as StoredHeader[]) headers[h.nome] = openHeader(deps.secrets, webhook.id, h.valor_enc);
  Object.assign(headers, {
    'content-type': 'application/json',
    'x-service-event': delivery.tipo,
    'x-service-event-id': delivery.eventId,
    'x-service-delivery-id': delivery.id,
    'x-service-timestamp': String(timestamp),
    'x-service-signature-v2': signatureV2([secret, ...previous], timestamp, body),
    'x-service-signature': legacySignature(secret, body),
  });
  try {
    const res = await request(url, {
      method: 'POST',
      headers,
      body,
      dispatcher: deps.webhooks.dispatcher,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    // Only the status matters; the body is drained so the connection can be reused.
    await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    return { status: res.statusCode, erro: res.statusCode >= 300 && res.statusCode < 400 ? 'redirecionamento não seguido' : null };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const code = e.code ?? (e.cause as NodeJS.ErrnoException | undefined)?.code;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return { status: null, erro: 'sem resposta em 10 segundos' };
    if (code === 'EWEBHOOKADDRESS') return { status: null, erro: `endereço recusado: ${e.message.replace(/^webhook refused: /, '')}` };
    return { status: null, erro: `falha de conexão${code ? ` (${code})` : ''}` };
  }
}

/** A success ends an outage: the next one gets its own notice. Written at most once a minute per webhook. */
export async function markSuccess(deps: WebhookDeps, webhook: Webhook, at: Date): Promise<void> {
  const stale = new Date(at.getTime() - 60_000);
  // The row read with the batch already says so: no write (this is per delivery, on the hot path).
  if (webhook.outageNotifiedAt === null && webhook.lastSuccessAt && webhook.lastSuccessAt >= stale) return;
  webhook.lastSuccessAt = at;
  await deps.db.webhook.updateMany({
    where: { id: webhook.id, OR: [{ lastSuccessAt: null }, { lastSuccessAt: { lt: stale } }, { outageNotifiedAt: { not: null } }] },
    data: { lastSuccessAt: at, outageNotifiedAt: null },
  });
}
