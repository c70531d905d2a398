import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { presentNfse } from '../nfse/present-nfse.js';
import { deliveryRow } from './delivery-row.js';
import { findWebhook } from './find-webhook.js';
import type { WebhookDeps } from './webhook-deps.js';

export const MAX_RESEND = 500;

interface EventRow {
  id: string;
  tipo: string;
  dados: unknown;
  created_at: Date;
}

const invalid = (mensagem: string, campo: string | null = null) =>
  new EngineError('reenvio_invalido', mensagem, {
    campo,
    correcao: 'Envie exatamente um de: evento_id; desde e ate (ISO 8601); lote_id (com desde = continuar_desde para continuar).',
  });

/**
 * `POST /v1/webhooks/{id}/reenvio`: each chosen event becomes a new delivery with the same event id.
 * At most 500 per call; `continuar_desde` (the next event's time) is returned while events remain. An event
 * nobody was subscribed to when it happened has its body rebuilt from the resource as it is now.
 */
export async function resendEvents(deps: WebhookDeps, principal: Principal, options: { id: string; input: unknown }) {
  const webhook = await findWebhook(deps, principal, options.id);
  const input = (options.input ?? {}) as Record<string, unknown>;
  if (typeof input !== 'object' || Array.isArray(input)) throw invalid('O corpo deve ser um objeto JSON.');
  for (const key of Object.keys(input)) {
    if (!['evento_id', 'desde', 'ate', 'lote_id'].includes(key)) throw invalid(`Campo desconhecido: ${key}.`, `/${key}`);
  }
  const subscribed = webhook.eventos as string[];
  const scope = { accountId: webhook.accountId, environment: webhook.environment };
  const forms = [input.evento_id !== undefined, input.ate !== undefined, input.lote_id !== undefined].filter(Boolean).length;
  if (forms !== 1) throw invalid('Informe exatamente um de evento_id, o par desde e ate, ou lote_id.');

  let events: EventRow[];
  if (input.evento_id !== undefined) {
    if (input.desde !== undefined) throw invalid('desde não se combina com evento_id.', '/desde');
    const id = input.evento_id;
    const event = typeof id === 'string' && isUuid(id) ? await deps.db.event.findFirst({ where: { id, ...scope } }) : null;
    if (!event) {
      throw new EngineError('nao_encontrado', 'Evento não encontrado no log desta conta e ambiente.', { campo: '/evento_id', correcao: 'Use o id de GET /v1/eventos (X-Service-Event-Id).' });
    }
    if (!subscribed.includes(event.tipo)) {
      throw new EngineError('evento_nao_assinado', `O webhook não assina eventos ${event.tipo}.`, { campo: '/evento_id', correcao: 'Inclua o tipo em eventos (PATCH /v1/webhooks/{id}) ou escolha outro evento.' });
    }
    events = [{ id: event.id, tipo: event.tipo, dados: event.dados, created_at: event.createdAt }];
  } else if (input.ate !== undefined) {
    const desde = instant(input.desde, '/desde');
    const ate = instant(input.ate, '/ate');
    if (desde > ate) throw invalid('desde deve ser anterior ou igual a ate.', '/desde');
    events = await deps.db.$queryRaw<EventRow[]>`
      SELECT id, tipo, dados, created_at FROM events
      WHERE account_id = ${scope.accountId}::uuid AND environment = ${scope.environment}
        AND created_at >= ${desde} AND created_at <= ${ate} AND tipo = ANY(${subscribed})
      ORDER BY seq LIMIT ${MAX_RESEND + 1}`;
  } else {
    const loteId = input.lote_id;
    if (typeof loteId !== 'string' || !isUuid(loteId)) throw invalid('lote_id deve ser o id de um lote.', '/lote_id');
    const desde = input.desde === undefined ? new Date(0) : instant(input.desde, '/desde');
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
    (await deps.db.webhookDelivery.findMany({ where: { eventId: { in: chosen.map((e) => e.id) }, origem: 'evento' }, select: { eventId: true }, distinct: ['eventId'] }))
      .map((d) => d.eventId),
  );
  const rows = [];
  for (const event of chosen) {
    const dados = fannedOut.has(event.id) ? event.dados : await currentState(deps, scope, event);
    rows.push(deliveryRow({ webhookId: webhook.id, ...scope, eventId: event.id, tipo: event.tipo, dados, eventAt: event.created_at, origem: 'reenvio', now }));
  }
  if (rows.length) await deps.db.webhookDelivery.createMany({ data: rows });
  const next = events[MAX_RESEND];
  return { total: rows.length, continuar_desde: next ? next.created_at.toISOString() : null };
}

/** The resource as it is now for note events; other events keep the body they were written with. */
async function currentState(deps: WebhookDeps, scope: { accountId: string; environment: string }, event: EventRow): Promise<unknown> {
  const id = (event.dados as { id?: unknown } | null)?.id;
  if (!event.tipo.startsWith('NFSE_') || typeof id !== 'string' || !isUuid(id)) return event.dados;
  const note = await deps.db.nfse.findFirst({ where: { id, ...scope }, include: { timeline: true } });
  return note ? presentNfse(note) : event.dados;
}

function instant(value: unknown, campo: string): Date {
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) throw invalid(`${campo.slice(1)} deve ser uma data e hora ISO 8601 com fuso.`, campo);
  return d;
}
