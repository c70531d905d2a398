import type { Lote } from '../../generated/prisma/client.js';
import type { Db } from '../../db/database.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { mapInSlices } from '../nucleo/map-in-slices.js';
import { newId } from '../nucleo/new-id.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { leaseFrom } from './lease-from.js';
import { LoteLeaseLost } from './hold-lote-lease.js';
import { lineContext } from './line-context.js';
import { municipalProjections } from './municipal-projections.js';
import { publishLote } from '../eventos/lote-topic.js';
import { takenReferences } from './taken-references.js';
import { validateLine } from './validate-line.js';

const PAGE = 200;

/**
 * `validando` → `processando` (emitir_validas) or `aguardando_emissao` (aguardar). The lines, stored `validando`
 * with the batch, are judged a page at a time in line order: read, validated in memory and written back with one
 * set-based statement, so memory holds a page, never the batch. A resumed validation goes on from the first line
 * not yet judged: the statement changes only lines still `validando`, so each line is judged once, and the first
 * line of each referencia is found again among the lines already judged.
 */
export async function validateLote(
  deps: Pick<TransmissionDeps, 'db' | 'clock' | 'pubsub' | 'national' | 'secrets'>,
  lote: Lote,
): Promise<void> {
  const company = await deps.db.company.findUniqueOrThrow({
    where: { id: lote.companyId },
    include: { certificate: true },
  });
  const ctx = await lineContext(deps, lote.environment, company, await municipalProjections(deps.db, lote.id));
  const firstLine = await judgedReferences(deps.db, lote.id);

  for (;;) {
    const page = await deps.db.loteItem.findMany({
      where: { loteId: lote.id, status: 'validando' },
      orderBy: { linha: 'asc' },
      take: PAGE,
      select: { linha: true, request: true },
    });
    if (page.length === 0) break;
    const lines = await mapInSlices(page, ({ linha, request }) => {
      const result = validateLine(request, ctx);
      const referencia =
        typeof (request as { referencia?: unknown } | null)?.referencia === 'string'
          ? (request as { referencia: string }).referencia
          : null;
      const erros: ValidationIssue[] = [...result.erros];
      if (referencia !== null && erros.length === 0) {
        const earlier = firstLine.get(referencia);
        if (earlier !== undefined) {
          erros.push({
            codigo: 'referencia_duplicada',
            campo: '/referencia',
            mensagem: `A referência ${referencia} já está na linha ${earlier} deste lote.`,
            correcao: 'Use uma referência diferente em cada linha.',
          });
        } else firstLine.set(referencia, linha);
      }
      return { linha, referencia, erros };
    });
    const taken = await takenReferences(
      deps.db,
      company.id,
      lote.environment,
      lines.flatMap((l) => (l.erros.length === 0 && l.referencia !== null ? [l.referencia] : [])),
    );
    const rows = lines.map((l) => {
      const status = l.erros.length
        ? 'com_erro_validacao'
        : l.referencia !== null && taken.has(l.referencia)
          ? 'ja_existente'
          : 'aguardando_emissao';
      return {
        linha: l.linha,
        status,
        erros: l.erros.length ? l.erros : null,
        nfseId: status === 'aguardando_emissao' ? newId() : null,
      };
    });
    // Fenced: only while the batch carries this step's lease generation. Nothing judged means the lease went to
    // another process (the page's lines were `validando` when read): this step stops.
    const judged = await deps.db.$executeRaw`
      UPDATE lote_itens i SET status = r."status", erros = r."erros", nfse_id = r."nfseId", updated_at = ${ctx.now}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("linha" int, "status" text, "erros" jsonb, "nfseId" uuid)
      WHERE i.lote_id = ${lote.id}::uuid AND i.linha = r."linha" AND i.status = 'validando'
        AND EXISTS (SELECT 1 FROM lotes l WHERE l.id = ${lote.id}::uuid AND l.lease = ${lote.lease})`;
    if (judged === 0) throw new LoteLeaseLost(lote.id);
  }
  const next = lote.aoValidar === 'aguardar' ? 'aguardando_emissao' : 'processando';
  const validated = await deps.db.lote.updateMany({
    where: { id: lote.id, lease: lote.lease, status: 'validando' },
    data: { status: next, lockedUntil: next === 'processando' ? leaseFrom(deps) : null, updatedAt: deps.clock.now() },
  });
  if (validated.count) await publishLote(deps, lote);
}

/** The first line of each referencia among lines already judged valid (a resumed validation; empty otherwise). */
async function judgedReferences(db: Db, loteId: string): Promise<Map<string, number>> {
  const rows = await db.loteItem.findMany({
    where: { loteId, status: { in: ['aguardando_emissao', 'ja_existente'] }, referencia: { not: null } },
    orderBy: { linha: 'asc' },
    select: { linha: true, referencia: true },
  });
  return new Map(rows.map((r) => [r.referencia!, r.linha]));
}
