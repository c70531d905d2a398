import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { presentNfse } from '../nfse/present-nfse.js';
import { deliveryRow } from './delivery-row.js';
import { findWebhook } from './find-webhook.js';
import type { WebhookDeps } from './webhook-deps.js';
import { readBody } from '../nucleo/read-body.js';
import type { Environment } from '../nucleo/environment.js';
import { resendEventsBody } from './resend-events-body.js';

export const MAX_RESEND = 500;

interface EventRow {
  id: string;
  tipo: string;
  dados: unknown;
  created_at: Date;
}

/**
 * `POST /v1/webhooks/{id}/reenvio`: each chosen event becomes a new delivery with the same event id, except one
 * whose delivery to this webhook is still pending: that one is attempted now instead (counted in `total`).
 * At most 500 per call; `continuar_desde` (the next event's time) is returned while events remain. An event
 * nobody was subscribed to when it happened has its body rebuilt from the resource as it is now.
 */
export async function resendEvents(deps: WebhookDeps, principal: Principal, options: { id: string; input: unknown }) {
  const webhook = await findWebhook(deps, principal, options.id);
  const input = readBody(resendEventsBody, options.input ?? {});
  const subscribed = webhook.eventos as string[];
  const scope = { accountId: webhook.accountId, environment: webhook.environment };

  let events: EventRow[];
  if (input.eventoId != null) {
    const id = input.eventoId;
    const event = isUuid(id) ? await deps.db.event.findFirst({ where: { id, ...scope } }) : null;
    if (!event) {
      throw new EngineError('nao_encontrado', 'Evento não encontrado no log desta conta e ambiente.', {
        campo: '/evento_id',
        correcao: 'Use o id de GET /v1/eventos (X-Service-Event-Id).',
      });
    }
    if (!subscribed.includes(event.tipo)) {
      throw new EngineError('evento_nao_assinado', `O webhook não assina eventos ${event.tipo}.`, {
        campo: '/evento_id',
        correcao: 'Inclua o tipo em eventos (PATCH /v1/webhooks/{id}) ou escolha outro evento.',
      });
    }
    events = [{ id: event.id, tipo: event.tipo, dados: event.dados, created_at: event.createdAt }];
  } else if (input.ate != null) {
    const desde = input.desde!;
    const ate = input.ate;
    events = await deps.db.$queryRaw<EventRow[]>`
      SELECT id, tipo, dados, created_at FROM events
      WHERE account_id = ${scope.accountId}::uuid AND environment = ${scope.environment}
        AND created_at >= ${desde} AND created_at <= ${ate} AND tipo = ANY(${subscribed})
      ORDER BY seq LIMIT ${MAX_RESEND + 1}`;
  } else {
    const loteId = input.loteId!;
    const desde = input.desde ?? new Date(0);
    // The batch's own event and those of its notes.
    events = await deps.db.$queryRaw<EventRow[]>`
      SELECT id, tipo, dados, created_at FROM events
      WHERE account_id = ${scope.accountId}::uuid AND environment = ${scope.environment}
        AND created_at >= ${desde} AND tipo = ANY(${subscribed})
        AND (dados->>'id' = ${loteId} OR dados->>'lote_id' = ${loteId}
             OR dados->>'id' IN (SELECT id::text FROM nfse WHERE lote_id = ${loteId}::uuid AND account_id = ${scope.accountId}::uuid))
      ORDER BY seq LIMIT ${MAX_RESEND + 1}`;
  }

  const chosen = events.slice(0, MAX_RESEND);
  const now = deps.clock.now();
  const fannedOut = new Set(
    (
      await deps.db.webhookDelivery.findMany({
        where: { eventId: { in: chosen.map((e) => e.id) }, origem: 'evento' },
        select: { eventId: true },
        distinct: ['eventId'],
      })
    ).map((d) => d.eventId),
  );
  const pending = await bringPendingForward(
    deps,
    webhook.id,
    chosen.map((e) => e.id),
    now,
  );
  const rows = [];
  for (const event of chosen.filter((e) => !pending.has(e.id))) {
    const dados = fannedOut.has(event.id) ? event.dados : await currentState(deps, scope, event);
    rows.push(
      deliveryRow({
        webhookId: webhook.id,
        ...scope,
        eventId: event.id,
        tipo: event.tipo,
        dados,
        eventAt: event.created_at,
        origem: 'reenvio',
        now,
      }),
    );
  }
  if (rows.length) await deps.db.webhookDelivery.createMany({ data: rows });
  const next = events[MAX_RESEND];
  return { total: rows.length + pending.size, continuar_desde: next ? next.created_at.toISOString() : null };
}

/**
 * An event whose delivery to this webhook is still pending (retrying) is brought forward, not delivered a second
 * time: a new row would reach the receiver while the pending one kept retrying. One in the middle of an attempt
 * keeps the schedule its outcome writes (claim-deliveries.ts), still with a single delivery. Answers those events.
 */
async function bringPendingForward(
  deps: WebhookDeps,
  webhookId: string,
  eventIds: string[],
  now: Date,
): Promise<Set<string>> {
  const rows = await deps.db.$queryRaw<Array<{ event_id: string }>>`
    UPDATE webhook_deliveries SET next_attempt_at = ${now}
    WHERE webhook_id = ${webhookId}::uuid AND status = 'pendente' AND event_id = ANY(${eventIds}::uuid[])
    RETURNING event_id::text`;
  return new Set(rows.map((r) => r.event_id));
}

/** The resource as it is now for note events; other events keep the body they were written with. */
async function currentState(
  deps: WebhookDeps,
  scope: { accountId: string; environment: Environment },
  event: EventRow,
): Promise<unknown> {
  const id = (event.dados as { id?: unknown } | null)?.id;
  if (!event.tipo.startsWith('NFSE_') || typeof id !== 'string' || !isUuid(id)) return event.dados;
  const note = await deps.db.nfse.findFirst({ where: { id, ...scope }, include: { timeline: true } });
  return note ? presentNfse(note) : event.dados;
}
