import { Prisma, type Lote } from '../../generated/prisma/client.js';
import { ambienteOf } from '../chaves/principal.js';
import type { Tx } from '../eventos/append-events.js';

/** Statuses a line shows: its own before a note exists, then the note's. */
export const ITEM_STATUSES = [
  'com_erro_validacao',
  'ja_existente',
  'aguardando_emissao',
  'descartada',
  'transmitindo',
  'autorizada',
  'rejeitada',
  'cancelada',
  'aguardando_confirmacao',
  'falha_transmissao',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export type LoteCounts = Record<ItemStatus, number>;

/**
 * The status each line shows: a line whose note exists (`emitida`) shows the note's status. One SQL expression,
 * shared by the counts, the item list and its filter.
 */
export const SHOWN_STATUS = Prisma.sql`CASE WHEN i.status = 'emitida' THEN n.status ELSE i.status END`;
export const NOTE_JOIN = Prisma.sql`LEFT JOIN nfse n ON i.status = 'emitida' AND n.id = i.nfse_id`;
/** A line not judged yet (`validando`, stored with the batch) is not shown: lines appear as validation judges them. */
export const SHOWN_LINE = Prisma.sql`i.status <> 'validando'`;

/** `contagens` of every batch in `ids`, one grouped query (a page of batches costs one statement). */
export async function loteCounts(db: Tx, ids: string[]): Promise<Map<string, LoteCounts>> {
  const out = new Map<string, LoteCounts>(ids.map((id) => [id, zeroCounts()]));
  if (ids.length === 0) return out;
  const rows = await db.$queryRaw<Array<{ lote_id: string; status: string; n: number }>>`
    SELECT i.lote_id, ${SHOWN_STATUS} AS status, count(*)::int AS n
    FROM lote_itens i ${NOTE_JOIN}
    WHERE i.lote_id IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))}) AND ${SHOWN_LINE}
    GROUP BY 1, 2`;
  for (const r of rows) {
    const counts = out.get(r.lote_id);
    if (counts && r.status in counts) counts[r.status as ItemStatus] = Number(r.n);
  }
  return out;
}

export const zeroCounts = (): LoteCounts => Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as LoteCounts;

/** The batch as `GET /v1/lotes/{id}` shows it and as LOTE_EMISSAO_CONCLUIDO carries it. */
export function presentLote(lote: Lote, contagens: LoteCounts) {
  return {
    id: lote.id,
    empresa_id: lote.companyId,
    ambiente: ambienteOf(lote.environment),
    status: lote.status,
    ao_validar: lote.aoValidar,
    origem: lote.origem,
    total: lote.total,
    contagens,
    criado_em: lote.createdAt.toISOString(),
    atualizado_em: lote.updatedAt.toISOString(),
    concluido_em: lote.concluidoEm?.toISOString() ?? null,
    erro: (lote.erro as { codigo: string; mensagem: string } | null) ?? null,
  };
}

export type LoteView = ReturnType<typeof presentLote>;

export async function loteView(db: Tx, lote: Lote): Promise<LoteView> {
  return presentLote(lote, (await loteCounts(db, [lote.id])).get(lote.id)!);
}
