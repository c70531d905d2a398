import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Webhook } from '../../generated/prisma/client.js';
import type { ClaimedDelivery } from './claim-deliveries.js';
import type { StoredHeader } from './present-webhook.js';
import type { WebhookDeps, WebhookRuntime } from './webhook-deps.js';
import { openHeader, openSecret } from './new-webhook-secret.js';
import { readJsonColumn } from '../nucleo/json-column.js';

/** What recording an attempt needs of its webhook; the changing columns come fresh with every claim. */
export interface WebhookState {
  id: string;
  accountId: string;
  url: string;
  lastSuccessAt: Date | null;
  outageNotifiedAt: Date | null;
}

/** A webhook row opened for sending: URL parsed, secrets and header values decrypted. */
export interface ReadyWebhook {
  state: WebhookState;
  url: URL;
  /** Path and query of the URL, as the request line carries them. */
  path: string;
  /** The secret as an HMAC key (the text's UTF-8 bytes). */
  key: KeyObject;
  /** The secret replaced by the last rotation, also used to sign until `until`. */
  previous: { key: KeyObject; until: Date } | null;
  /** The account's headers and Content-Type as undici's flat [name, value, …] list. */
  headers: string[];
}

function readyWebhook(deps: WebhookDeps, webhook: Webhook): ReadyWebhook {
  const headers: string[] = [];
  for (const h of readJsonColumn<StoredHeader[]>(webhook.cabecalhos))
    headers.push(h.nome, openHeader(deps.secrets, webhook.id, h.valor_enc));
  headers.push('content-type', 'application/json');
  const url = new URL(webhook.url);
  return {
    state: {
      id: webhook.id,
      accountId: webhook.accountId,
      url: webhook.url,
      lastSuccessAt: webhook.lastSuccessAt,
      outageNotifiedAt: webhook.outageNotifiedAt,
    },
    url,
    path: `${url.pathname}${url.search}`,
    key: createSecretKey(openSecret(deps.secrets, webhook.id, webhook.secretEnc), 'utf8'),
    previous:
      webhook.previousSecretEnc && webhook.previousUntil
        ? {
            key: createSecretKey(openSecret(deps.secrets, webhook.id, webhook.previousSecretEnc), 'utf8'),
            until: webhook.previousUntil,
          }
        : null,
    headers,
  };
}

// Opened webhooks by id with the version they were opened at, per runtime (one per process): a claim reads the
// version with each delivery, so a webhook is read and decrypted again only after an update or a rotation,
// not once per volley.
const opened = new WeakMap<WebhookRuntime, Map<string, { version: string; ready: ReadyWebhook }>>();
const MAX_OPENED = 10_000;

/** The claimed deliveries' webhooks, opened; a webhook that is gone (deleted or absent) is left out. */
export async function readyWebhooks(deps: WebhookDeps, claimed: ClaimedDelivery[]): Promise<Map<string, ReadyWebhook>> {
  let cache = opened.get(deps.webhooks);
  if (!cache) opened.set(deps.webhooks, (cache = new Map()));
  const ready = new Map<string, ReadyWebhook>();
  const stale = new Map<string, string>();
  for (const d of claimed) {
    const w = d.webhook;
    if (!w || ready.has(d.webhookId) || stale.has(d.webhookId)) continue;
    const hit = cache.get(d.webhookId);
    if (hit && hit.version === w.version) {
      hit.ready.state.lastSuccessAt = w.lastSuccessAt;
      hit.ready.state.outageNotifiedAt = w.outageNotifiedAt;
      ready.set(d.webhookId, hit.ready);
    } else stale.set(d.webhookId, w.version);
  }
  if (stale.size > 0) {
    const rows = await deps.db.webhook.findMany({ where: { id: { in: [...stale.keys()] }, deletedAt: null } });
    if (cache.size + rows.length > MAX_OPENED) cache.clear();
    for (const row of rows) {
      const opening = readyWebhook(deps, row);
      // A row changed since the claim carries a newer version than the one stored: the next claim reopens it.
      cache.set(row.id, { version: stale.get(row.id)!, ready: opening });
      ready.set(row.id, opening);
    }
  }
  return ready;
}
