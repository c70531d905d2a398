import { createWebhook } from '../../engine/webhooks/create-webhook.js';
import { countWebhooks, findWebhook, listWebhooks, webhookCursor } from '../../engine/webhooks/find-webhook.js';
import {
  countDeliveries,
  countDeliveriesOfWebhooks,
  deliveryCursor,
  listDeliveries,
  listDeliveriesOfWebhooks,
  type DeliveryView,
} from '../../engine/webhooks/list-deliveries.js';
import { resendEvents } from '../../engine/webhooks/resend-events.js';
import { presentWebhook, type WebhookView } from '../../engine/webhooks/present-webhook.js';
import { rotateWebhookSecret } from '../../engine/webhooks/rotate-webhook-secret.js';
import { testWebhook } from '../../engine/webhooks/test-webhook.js';
import { deleteWebhook, updateWebhook } from '../../engine/webhooks/update-webhook.js';
import { builder } from '../builder.js';
import { AmbienteRef, type Ambiente } from './ambiente.js';
import type { GraphContext } from '../graph-context.js';
import { DeliveryEventTypeRef, EventTypeRef, type EventType } from './event-type.js';
import { assertForward, forwardConnection, pageCost, pageSize } from './forward-connection.js';
import { principalOf } from './principal-of.js';
import { FIELD_WORK } from '../field-work.js';

const WebhookHeaderInput = builder.inputType('WebhookHeaderInput', {
  fields: (t) => ({ nome: t.string(), valor: t.string({ description: 'Never returned.' }) }),
});

/** Creation needs url and eventos; an update sends any subset (cabecalhos replaces the list). */
const WebhookInput = builder.inputType('WebhookInput', {
  fields: (t) => ({
    url: t.string({ description: 'Public https:// URL.' }),
    eventos: t.field({ type: [EventTypeRef] }),
    cabecalhos: t.field({ type: [WebhookHeaderInput], description: 'Up to 5 custom headers.' }),
    ativo: t.boolean({
      description:
        'updateWebhook only: false disables the webhook (no delivery to it, its pending ones closed), true enables it again for what happens from then on.',
    }),
  }),
});

const WebhookReenvioInput = builder.inputType('WebhookReenvioInput', {
  description: 'Exactly one of eventoId; desde and ate; loteId (desde = continuarDesde continues).',
  fields: (t) => ({
    eventoId: t.id(),
    // DateTime for GraphQL callers; REST's text reaches the engine's declaration as sent (resendEventsBody).
    desde: t.field({ type: 'DateTime' }),
    ate: t.field({ type: 'DateTime' }),
    loteId: t.id(),
  }),
});

const HeaderNameRef = builder.objectRef<{ nome: string }>('WebhookHeaderName').implement({
  fields: (t) => ({ nome: t.exposeString('nome') }),
});

export const WebhookRef = builder.objectRef<WebhookView>('Webhook').implement({
  description: "A webhook of the key's account and environment. Header values are never returned.",
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    eventos: t.field({ type: [EventTypeRef], resolve: (w) => w.eventos as EventType[] }),
    cabecalhos: t.expose('cabecalhos', { type: [HeaderNameRef] }),
    ambiente: t.field({ type: AmbienteRef, resolve: (w) => w.ambiente as Ambiente }),
    ativo: t.exposeBoolean('ativo', { description: 'false while disabled: nothing is delivered to it.' }),
    criadoEm: t.expose('criado_em', { type: 'DateTime' }),
    atualizadoEm: t.expose('atualizado_em', { type: 'DateTime' }),
  }),
});

const WebhookWithSecretRef = builder.objectRef<WebhookView & { segredo: string }>('WebhookWithSecret').implement({
  description: 'A webhook with its 48-character secret: returned only at creation and at rotation.',
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    eventos: t.field({ type: [EventTypeRef], resolve: (w) => w.eventos as EventType[] }),
    cabecalhos: t.expose('cabecalhos', { type: [HeaderNameRef] }),
    ambiente: t.field({ type: AmbienteRef, resolve: (w) => w.ambiente as Ambiente }),
    ativo: t.exposeBoolean('ativo', { description: 'false while disabled: nothing is delivered to it.' }),
    criadoEm: t.expose('criado_em', { type: 'DateTime' }),
    atualizadoEm: t.expose('atualizado_em', { type: 'DateTime' }),
    segredo: t.exposeString('segredo'),
  }),
});

const WebhookRemovedRef = builder.objectRef<{ id: string; removido: boolean }>('WebhookRemoved').implement({
  fields: (t) => ({ id: t.exposeID('id'), removido: t.exposeBoolean('removido') }),
});

const DeliveryStatusRef = builder.enumType('WebhookDeliveryStatus', {
  values: ['pendente', 'entregue', 'falhou'] as const,
});
type DeliveryStatus = 'pendente' | 'entregue' | 'falhou';

/** Why a delivery exists: a committed event, a resend asked for, or a test. */
const DeliveryOrigemRef = builder.enumType('WebhookDeliveryOrigem', {
  values: ['evento', 'reenvio', 'teste'] as const,
});

const WebhookTestRef = builder.objectRef<Awaited<ReturnType<typeof testWebhook>>>('WebhookTest').implement({
  fields: (t) => ({
    entregaId: t.exposeID('entrega_id'),
    eventoId: t.exposeID('evento_id'),
    tipo: t.exposeString('tipo'),
    status: t.field({ type: DeliveryStatusRef, resolve: (w) => w.status as DeliveryStatus }),
  }),
});

builder.queryFields((t) => ({
  webhooks: t.connection({
    type: WebhookRef,
    description:
      "The webhooks of the key's environment, oldest first. Without `first`, every webhook (GET /v1/webhooks is not " +
      'paginated); `first` 1..100 pages with `after`.',
    authScopes: { authenticated: true },
    complexity: pageCost(100, 20),
    resolve: async (_r, args, ctx) => {
      assertForward(args);
      const principal = principalOf(ctx);
      const page = await listWebhooks(ctx.engine, principal, {
        after: args.after,
        first: args.first == null ? null : pageSize(args, 20, 100),
      });
      return forwardConnection(
        args,
        { nodes: page.dados.map(presentWebhook), hasNextPage: page.mais },
        webhookCursor,
        () => countWebhooks(ctx.engine, principal),
      );
    },
  }),
  webhook: t.field({
    type: WebhookRef,
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    errors: {},
    resolve: async (_r, { id }, ctx) => presentWebhook(await findWebhook(ctx.engine, principalOf(ctx), String(id))),
  }),
}));

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: WebhookWithSecretRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: WebhookInput, required: true }) },
    errors: {},
    resolve: (_r, { input }, ctx) => createWebhook(ctx.engine, principalOf(ctx), input),
  }),
  updateWebhook: t.field({
    type: WebhookRef,
    description: 'Changes any of url, eventos, cabecalhos (cabecalhos replaces the list), ativo.',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: WebhookInput, required: true }) },
    errors: {},
    resolve: (_r, { id, input }, ctx) => updateWebhook(ctx.engine, principalOf(ctx), { id: String(id), input }),
  }),
  deleteWebhook: t.field({
    type: WebhookRemovedRef,
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    errors: {},
    resolve: (_r, { id }, ctx) => deleteWebhook(ctx.engine, principalOf(ctx), { id: String(id) }),
  }),
  testWebhook: t.field({
    complexity: FIELD_WORK.authority,
    type: WebhookTestRef,
    description: 'Queues one webhook.teste delivery with {mensagem, testeId}.',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    errors: {},
    resolve: (_r, { id }, ctx) => testWebhook(ctx.engine, principalOf(ctx), { id: String(id) }),
  }),
  rotateWebhookSecret: t.field({
    type: WebhookWithSecretRef,
    description: 'New secret; for 24 hours deliveries are also signed with the previous one (V2 only).',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    errors: {},
    resolve: (_r, { id }, ctx) => rotateWebhookSecret(ctx.engine, principalOf(ctx), { id: String(id) }),
  }),
}));

const AttemptRef = builder.objectRef<DeliveryView['tentativas'][number]>('WebhookAttempt').implement({
  fields: (t) => ({
    numero: t.exposeInt('numero'),
    em: t.expose('em', { type: 'DateTime' }),
    statusHttp: t.exposeInt('status_http', { nullable: true }),
    duracaoMs: t.exposeInt('duracao_ms'),
    erro: t.exposeString('erro', { nullable: true }),
  }),
});

const DeliveryRef = builder.objectRef<DeliveryView>('WebhookDelivery').implement({
  description:
    'One event to one webhook (X-Service-Delivery-Id) with its attempts; status pendente, entregue or falhou.',
  fields: (t) => ({
    id: t.exposeID('id'),
    eventoId: t.exposeID('evento_id'),
    tipo: t.field({ type: DeliveryEventTypeRef, resolve: (d) => d.tipo }),
    origem: t.field({ type: DeliveryOrigemRef, resolve: (d) => d.origem as 'evento' | 'reenvio' | 'teste' }),
    status: t.field({ type: DeliveryStatusRef, resolve: (d) => d.status as DeliveryStatus }),
    tentativas: t.expose('tentativas', { type: [AttemptRef] }),
    criadaEm: t.expose('criada_em', { type: 'DateTime' }),
    proximaTentativaEm: t.expose('proxima_tentativa_em', { type: 'DateTime', nullable: true }),
    entregueEm: t.expose('entregue_em', { type: 'DateTime', nullable: true }),
  }),
});

const ResendRef = builder.objectRef<{ total: number; continuar_desde: string | null }>('WebhookResend').implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    continuarDesde: t.expose('continuar_desde', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryFields((t) => ({
  webhookDeliveries: t.connection({
    type: DeliveryRef,
    description:
      'Deliveries of a webhook, newest first; `first` 1..200 (default 50; out of range is an error, as REST limite). ' +
      "`status` is text, not WebhookDeliveryStatus, so that an unknown value gets the engine's documented 400 " +
      '(GET /v1/webhooks/{id}/entregas passes its query parameter through): pendente, entregue or falhou.',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }), status: t.arg.string() },
    complexity: pageCost(200, 50),
    resolve: async (_r, args, ctx) => {
      assertForward(args);
      const page = await listDeliveries(ctx.engine, principalOf(ctx), {
        id: String(args.id),
        cursor: args.after,
        limite: args.first,
        status: args.status,
      });
      return forwardConnection(
        args,
        { nodes: page.entregas, hasNextPage: page.proximo_cursor !== null },
        deliveryCursor,
        () => countDeliveries(ctx.engine, page.webhookId, args.status),
      );
    },
  }),
}));

const WebhookEntregasConnection = builder.connectionObject({ type: DeliveryRef, name: 'WebhookEntregasConnection' });

builder.objectField(WebhookRef, 'entregas', (t) =>
  t.loadable({
    type: WebhookEntregasConnection,
    description:
      "The webhook's deliveries, newest first, as Query.webhookDeliveries pages them (`first` 1..200, default 50). " +
      'Under a page of webhooks: two statements for all their pages, one more for all their totalCounts.',
    authScopes: { authenticated: true },
    args: { ...t.arg.connectionArgs(), status: t.arg({ type: DeliveryStatusRef }) },
    complexity: pageCost(200, 50),
    // byPath: every webhook under one selection shares its arguments, so the page of each is loaded together.
    byPath: true,
    loaderOptions: { cache: false },
    load: async (ids: string[], ctx: GraphContext, args) => {
      assertForward(args);
      const principal = principalOf(ctx);
      const status = args.status ?? null;
      const pages = await listDeliveriesOfWebhooks(ctx.engine, principal, ids, {
        cursor: args.after,
        limite: args.first,
        status,
      });
      let counts: Promise<Map<string, number>> | null = null;
      const countOf = (id: string) => async () =>
        (await (counts ??= countDeliveriesOfWebhooks(ctx.engine, ids, status))).get(id) ?? 0;
      return ids.map((id) => {
        const page = pages.get(id)!;
        return forwardConnection(
          args,
          { nodes: page.entregas, hasNextPage: page.proximo_cursor !== null },
          deliveryCursor,
          countOf(id),
        );
      });
    },
    resolve: (webhook) => webhook.id,
  }),
);

builder.mutationFields((t) => ({
  resendWebhookEvents: t.field({
    type: ResendRef,
    description: 'Queues the events again for this webhook, at most 500 per call.',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: WebhookReenvioInput, required: true }) },
    errors: {},
    resolve: (_r, { id, input }, ctx) => resendEvents(ctx.engine, principalOf(ctx), { id: String(id), input }),
  }),
}));
