import { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { parameterError } from '../errors.js';
import { decodeKeyset, encodeKeyset } from '../nucleo/keyset.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { findWebhook } from './find-webhook.js';

const STATUSES = ['pendente', 'entregue', 'falhou'];
export const ENTREGAS_LIMITE: PageLimit = { padrao: 50, maximo: 200, foraDosLimites: 'recusa' };

export interface ListDeliveriesOptions {
  id: string;
  cursor?: string | null;
  limite?: number | null;
  status?: string | null;
}

export interface DeliveryView {
  id: string;
  evento_id: string;
  tipo: string;
  origem: string;
  status: string;
  tentativas: Array<{
    numero: number;
    em: string;
    status_http: number | null;
    duracao_ms: number;
    erro: string | null;
  }>;
  criada_em: string;
  proxima_tentativa_em: string | null;
  entregue_em: string | null;
}

/**
 * `GET /v1/webhooks/{id}/entregas`: newest first, keyset over (created_at, id); `limite` 1..200
 * (default 50) and anything else is 400, as are an unknown `status` and a cursor we did not issue.
 */
export async function listDeliveries(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: ListDeliveriesOptions,
) {
  const webhook = await findWebhook(deps, principal, options.id);
  const { limite, after } = pageParams(options);
  const rows = await deps.db.webhookDelivery.findMany({
    where: {
      webhookId: webhook.id,
      ...(options.status ? { status: options.status } : {}),
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limite + 1,
    include: ATTEMPTS,
  });
  return { webhookId: webhook.id, ...deliveryPage(rows, limite) };
}

/**
 * One page of deliveries for each of several webhooks already read in the key's scope (GraphQL
 * `Webhook.entregas` under a page of webhooks): two statements whatever the number of webhooks, each ranked
 * newest first and cut at `limite` + 1 in the database, never one query per webhook nor every delivery read.
 */
export async function listDeliveriesOfWebhooks(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  webhookIds: readonly string[],
  options: Omit<ListDeliveriesOptions, 'id'>,
): Promise<Map<string, { entregas: DeliveryView[]; proximo_cursor: string | null }>> {
  const { limite, after } = pageParams(options);
  const ranked = await deps.db.$queryRaw<Array<{ id: string }>>`
    SELECT id::text AS id FROM (
      SELECT id, row_number() OVER (PARTITION BY webhook_id ORDER BY created_at DESC, id DESC) AS rn
      FROM webhook_deliveries
      WHERE webhook_id IN (${Prisma.join(webhookIds.map((id) => Prisma.sql`${id}::uuid`))})
        AND account_id = ${principal.accountId}::uuid AND environment = ${principal.environment}
        ${options.status ? Prisma.sql`AND status = ${options.status}` : Prisma.empty}
        ${after ? Prisma.sql`AND (created_at, id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : Prisma.empty}
    ) ranked WHERE rn <= ${limite + 1}`;
  const rows = ranked.length
    ? await deps.db.webhookDelivery.findMany({
        where: { id: { in: ranked.map((r) => r.id) } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        include: ATTEMPTS,
      })
    : [];
  return new Map(
    webhookIds.map((id) => [
      id,
      deliveryPage(
        rows.filter((r) => r.webhookId === id),
        limite,
      ),
    ]),
  );
}

/** How many deliveries each webhook has with the status (all when null), in one statement. */
export async function countDeliveriesOfWebhooks(
  deps: Pick<EngineDeps, 'db'>,
  webhookIds: readonly string[],
  status: string | null | undefined,
): Promise<Map<string, number>> {
  const groups = await deps.db.webhookDelivery.groupBy({
    by: ['webhookId'],
    where: { webhookId: { in: [...webhookIds] }, ...(status ? { status } : {}) },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.webhookId, g._count._all]));
}

const ATTEMPTS = { attemptsLog: { orderBy: { numero: 'asc' as const } } };

function pageParams(options: Omit<ListDeliveriesOptions, 'id'>) {
  const limite = pageLimit(options.limite, ENTREGAS_LIMITE);
  if (options.status != null && !STATUSES.includes(options.status)) {
    throw parameterError('parametro_invalido', { query: 'status' }, `valor desconhecido: ${options.status}.`, {
      correcao: `Use um de: ${STATUSES.join(', ')}.`,
    });
  }
  return { limite, after: options.cursor ? decodeKeyset('wd1', options.cursor, 'cursor') : null };
}

type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ include: typeof ATTEMPTS }>;

/** Rows newest first, at most `limite` + 1 of them: the page and the cursor of the next one. */
function deliveryPage(rows: DeliveryRow[], limite: number) {
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  const entregas: DeliveryView[] = page.map((d) => ({
    id: d.id,
    evento_id: d.eventId,
    tipo: d.tipo,
    origem: d.origem,
    status: d.status,
    tentativas: d.attemptsLog.map((a) => ({
      numero: a.numero,
      em: a.at.toISOString(),
      status_http: a.responseStatus,
      duracao_ms: a.durationMs,
      erro: a.erro,
    })),
    criada_em: d.createdAt.toISOString(),
    proxima_tentativa_em: d.status === 'pendente' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    entregue_em: d.deliveredAt?.toISOString() ?? null,
  }));
  return { entregas, proximo_cursor: rows.length > limite && last ? encodeKeyset('wd1', last) : null };
}

/** How many deliveries of the webhook have the status (all when null): a dashboard's `totalCount`. */
export async function countDeliveries(
  deps: Pick<EngineDeps, 'db'>,
  webhookId: string,
  status: string | null | undefined,
): Promise<number> {
  return deps.db.webhookDelivery.count({ where: { webhookId, ...(status ? { status } : {}) } });
}

/** The cursor that continues after this delivery (the same opaque form as `proximo_cursor`). */
export const deliveryCursor = (d: DeliveryView): string =>
  encodeKeyset('wd1', { createdAt: new Date(d.criada_em), id: d.id });
