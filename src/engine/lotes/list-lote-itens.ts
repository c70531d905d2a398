import { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { parameterError } from '../errors.js';
import { findLote } from './find-lote.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { ITEM_STATUSES, NOTE_JOIN, SHOWN_LINE, SHOWN_STATUS } from './present-lote.js';

export const LOTE_ITENS_LIMITE: PageLimit = { padrao: 100, maximo: 500, foraDosLimites: 'recusa' };

interface ItemRow {
  linha: number;
  referencia: string | null;
  status: string;
  erros: unknown;
  nfse_id: string | null;
  numero: string | null;
  chave_acesso: string | null;
  rejeicao: { codigo_oficial?: string | null; mensagem?: string } | null;
  falha: { dps_enviada?: string; motivo?: string } | null;
}

/** One line of a batch: its status, its note when there is one, and why it failed. */
export function presentItem(r: ItemRow) {
  return {
    linha: r.linha,
    referencia: r.referencia,
    status: r.status,
    nfse_id: r.nfse_id,
    numero: r.numero,
    chave_acesso: r.chave_acesso,
    erros: (r.erros as Array<Record<string, unknown>> | null) ?? [],
    rejeicao: r.rejeicao
      ? { codigo_oficial: r.rejeicao.codigo_oficial ?? null, mensagem: r.rejeicao.mensagem ?? '' }
      : null,
    falha: r.falha ? { dps_enviada: r.falha.dps_enviada ?? 'desconhecido', motivo: r.falha.motivo ?? '' } : null,
  };
}
export type LoteItemView = ReturnType<typeof presentItem>;

/** Lines of a batch in line order, after `afterLinha`; one statement joining each line to its note. */
export async function loteItemRows(
  db: EngineDeps['db'],
  loteId: string,
  options: { afterLinha: number; take: number; status?: string | null },
) {
  const rows = await db.$queryRaw<ItemRow[]>`
    SELECT i.linha, i.referencia, ${SHOWN_STATUS} AS status, i.erros,
      CASE WHEN i.status = 'emitida' THEN i.nfse_id::text END AS nfse_id, n.numero, n.chave_acesso, n.rejeicao, n.falha
    FROM lote_itens i ${NOTE_JOIN}
    WHERE i.lote_id = ${loteId}::uuid AND i.linha > ${options.afterLinha} AND ${SHOWN_LINE}
      ${options.status ? Prisma.sql`AND ${SHOWN_STATUS} = ${options.status}` : Prisma.empty}
    ORDER BY i.linha
    LIMIT ${options.take}`;
  return rows.map(presentItem);
}

/** `GET /v1/lotes/{id}/itens` (limite 100 by default, at most 500), optionally filtered by the status a line shows. */
export async function listLoteItens(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: { id: string; cursor?: string | null; limite?: number | null; status?: string | null },
) {
  const lote = await findLote(deps, principal, options.id);
  const limite = pageLimit(options.limite, LOTE_ITENS_LIMITE);
  if (options.status && !(ITEM_STATUSES as readonly string[]).includes(options.status)) {
    throw parameterError('parametro_invalido', { query: 'status' }, `valor desconhecido: ${options.status}.`, {
      correcao: `Use um de: ${ITEM_STATUSES.join(', ')}.`,
    });
  }
  const afterLinha = options.cursor ? decodeCursor(options.cursor) : 0;
  const rows = await loteItemRows(deps.db, lote.id, { afterLinha, take: limite + 1, status: options.status });
  const page = rows.slice(0, limite);
  return {
    dados: page,
    proximo_cursor: rows.length > limite ? loteItemCursor(page.at(-1)!) : null,
  };
}

/** How many lines of a batch show `status` (all lines without one): a dashboard's `totalCount`. */
export async function countLoteItens(db: EngineDeps['db'], loteId: string, status?: string | null): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM lote_itens i ${NOTE_JOIN}
    WHERE i.lote_id = ${loteId}::uuid AND ${SHOWN_LINE} ${status ? Prisma.sql`AND ${SHOWN_STATUS} = ${status}` : Prisma.empty}`;
  return Number(row?.n ?? 0);
}

/** The cursor that continues after this line (the same opaque form as `proximo_cursor`). */
export const loteItemCursor = (item: { linha: number }): string =>
  Buffer.from(`li1|${item.linha}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const text = /^[A-Za-z0-9_-]{1,40}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString() : '';
  const m = /^li1\|(\d{1,6})$/.exec(text);
  if (!m)
    throw parameterError('parametro_invalido', { query: 'cursor' }, 'cursor inválido.', {
      correcao: 'Use exatamente o proximo_cursor devolvido pela página anterior.',
    });
  return Number(m[1]);
}
