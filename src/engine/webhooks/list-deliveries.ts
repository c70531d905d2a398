import type { Principal } from '../auth/principal.js';
import type { EngineDeps } from '../deps.js';
import { parameterError } from '../errors.js';
import { isUuid } from '../kernel/ids.js';
import { findWebhook } from './find-webhook.js';

const STATUSES = ['pendente', 'entregue', 'falhou'];

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
  tentativas: Array<{ numero: number; em: string; status_http: number | null; duracao_ms: number; erro: string | null }>;
  criada_em: string;
  proxima_tentativa_em: string | null;
  entregue_em: string | null;
}

/**
 * `GET /v1/webhooks/{id}/entregas` (spec 4.5, 8): newest first, keyset over (created_at, id); `limite` 1..200
 * (default 50) and anything else is 400, as are an unknown `status` and a cursor we did not issue.
 */
export async function listDeliveries(deps: Pick<EngineDeps, 'db'>, principal: Principal, options: ListDeliveriesOptions) {
  const webhook = await findWebhook(deps, principal, options.id);
  const limite = parseLimit(options.limite);
  if (options.status != null && !STATUSES.includes(options.status)) {
    throw parameterError('parametro_invalido', { query: 'status' }, `valor desconhecido: ${options.status}.`, { correcao: `Use um de: ${STATUSES.join(', ')}.` });
  }
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await deps.db.webhookDelivery.findMany({
    where: {
      webhookId: webhook.id,
      ...(options.status ? { status: options.status } : {}),
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limite + 1,
    include: { attemptsLog: { orderBy: { numero: 'asc' } } },
  });
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  const entregas: DeliveryView[] = page.map((d) => ({
    id: d.id,
    evento_id: d.eventId,
    tipo: d.tipo,
    origem: d.origem,
    status: d.status,
    tentativas: d.attemptsLog.map((a) => ({ numero: a.numero, em: a.at.toISOString(), status_http: a.responseStatus, duracao_ms: a.durationMs, erro: a.erro })),
    criada_em: d.createdAt.toISOString(),
    proxima_tentativa_em: d.status === 'pendente' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    entregue_em: d.deliveredAt?.toISOString() ?? null,
  }));
  return { webhookId: webhook.id, entregas, proximo_cursor: rows.length > limite && last ? encodeCursor(last.createdAt, last.id) : null };
}

/** How many deliveries of the webhook have the status (all when null): a dashboard's `totalCount`. */
export async function countDeliveries(deps: Pick<EngineDeps, 'db'>, webhookId: string, status: string | null | undefined): Promise<number> {
  return deps.db.webhookDelivery.count({ where: { webhookId, ...(status ? { status } : {}) } });
}

/** The cursor that continues after this delivery (the same opaque form as `proximo_cursor`). */
export const deliveryCursor = (d: DeliveryView): string => encodeCursor(new Date(d.criada_em), d.id);

function parseLimit(n: number | null | undefined): number {
  if (n === undefined || n === null) return 50;
  if (!Number.isInteger(n) || n < 1 || n > 200) {
    throw parameterError('parametro_invalido', { query: 'limite' }, 'deve ser um inteiro de 1 a 200.', { correcao: 'Use limite entre 1 e 200 (padrão 50).' });
  }
  return n;
}

const encodeCursor = (createdAt: Date, id: string) => Buffer.from(`wd1|${createdAt.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const parts = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString().split('|') : [];
  const createdAt = new Date(parts[1] ?? '');
  if (parts.length !== 3 || parts[0] !== 'wd1' || Number.isNaN(createdAt.getTime()) || !isUuid(parts[2]!)) {
    throw parameterError('parametro_invalido', { query: 'cursor' }, 'cursor inválido.', { correcao: 'Use exatamente o proximo_cursor devolvido pela página anterior.' });
  }
  return { createdAt, id: parts[2]! };
}
