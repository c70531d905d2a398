import { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import { newId } from '../nucleo/new-id.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { advanceInBackground } from './advance-lote.js';
import { findLote } from './find-lote.js';
import { loteItemRows } from './list-lote-itens.js';
import { leaseFrom } from './lease-from.js';
import { publishLote } from '../eventos/lote-topic.js';
import { loteView, type LoteView } from './present-lote.js';
import { takenReferences } from './taken-references.js';
import { lineContext } from './line-context.js';
import { validateLine } from './validate-line.js';
import { apiShape } from '../nucleo/api-shape.js';
import { invalidBody, readBody } from '../nucleo/read-body.js';
import { REPROCESS_LOTE_CORRECAO, reprocessLoteBody } from './reprocess-lote-body.js';
import { toJsonColumn } from '../nucleo/json-column.js';

const invalid = (campo: string, mensagem: string) =>
  invalidBody(reprocessLoteBody, [{ codigo: 'formato_invalido', campo, mensagem, correcao: REPROCESS_LOTE_CORRECAO }]);

/**
 * `POST /v1/lotes/{id}/reprocessamento`: corrected lines replace lines with a validation error,
 * `rejeitada`, or `falha_transmissao` with `dps_enviada` `nao`; any other line is 409 naming it. Each corrected
 * line is validated like a new one; valid lines are issued (or wait, in a batch still `aguardando_emissao`).
 * A rejected note keeps its referencia, so its corrected line needs a new one. `body` is in its declared shape
 * (`reprocessLoteBody`); each line is kept in the API's names, as a new batch keeps its lines.
 */
export async function reprocessLote(
  deps: TransmissionDeps,
  principal: Principal,
  options: { id: string; body: unknown },
): Promise<LoteView> {
  const lote = await findLote(deps, principal, options.id);
  if (lote.status === 'validando')
    throw new EngineError('lote_validando', 'O lote ainda está em validação.', {
      correcao: 'Espere o fim da validação e repita.',
    });
  const entries = readEntries(lote, options.body);
  await assertReprocessable(deps, lote.id, entries);

  const company = await deps.db.company.findUniqueOrThrow({
    where: { id: lote.companyId },
    include: { certificate: true },
  });
  const ctx = await lineContext(
    deps,
    lote.environment,
    company,
    entries.map((e) => ({ request: e.request, linhas: 1 })),
  );
  const now = ctx.now;
  const results = entries.map((e) => ({ ...e, v: validateLine(e.request, ctx) }));
  const taken = await takenReferences(
    deps.db,
    company.id,
    lote.environment,
    results.flatMap((r) => (typeof r.request.referencia === 'string' ? [r.request.referencia] : [])),
  );
  let valid = 0;
  const updated = await deps.db.$transaction(async (tx) => {
    for (const r of results) {
      const referencia = typeof r.request.referencia === 'string' ? r.request.referencia : null;
      const erros = [...r.v.erros];
      if (!erros.length && referencia && taken.has(referencia)) {
        erros.push({
          codigo: 'referencia_duplicada',
          campo: '/referencia',
          mensagem: `A referência ${referencia} já é uma nota desta empresa.`,
          correcao: 'Use uma referência nova na linha corrigida.',
        });
      }
      if (!erros.length) valid++;
      await tx.loteItem.updateMany({
        where: { loteId: lote.id, linha: r.linha },
        data: {
          referencia,
          status: erros.length ? 'com_erro_validacao' : 'aguardando_emissao',
          request: r.request as Prisma.InputJsonValue,
          erros: erros.length ? toJsonColumn(erros) : Prisma.DbNull,
          nfseId: erros.length ? null : newId(),
          updatedAt: now,
        },
      });
    }
    // Valid lines of a batch already issued are issued now: it goes back to processando until they settle.
    const reopen = valid > 0 && (lote.status === 'processando' || lote.status === 'concluido');
    const [l] = await tx.lote.updateManyAndReturn({
      where: { id: lote.id },
      data: { ...(reopen && { status: 'processando', lockedUntil: leaseFrom(deps) }), updatedAt: now },
    });
    return { lote: l!, reopen };
  });
  await publishLote(deps, updated.lote);
  if (updated.reopen) advanceInBackground(deps, lote.id);
  return loteView(deps.db, updated.lote);
}

/** The body's corrected lines, each naming a line of the batch, their requests in the API's names. */
function readEntries(
  lote: { total: number },
  sent: unknown,
): Array<{ linha: number; request: Record<string, unknown> }> {
  const body = readBody(reprocessLoteBody, sent);
  return body.itens!.map((e, i) => {
    const { linha, ...request } = (typeof e === 'object' && e !== null ? e : {}) as Record<string, unknown>;
    if (!Number.isInteger(linha) || (linha as number) < 1 || (linha as number) > lote.total)
      throw invalid(`/itens/${i}/linha`, `linha deve ser um número de 1 a ${lote.total}.`);
    return { linha: linha as number, request: apiShape(request) as Record<string, unknown> };
  });
}

/** Every line named is one that reprocessing replaces; otherwise 409 naming the first that is not. */
async function assertReprocessable(
  deps: TransmissionDeps,
  loteId: string,
  entries: Array<{ linha: number }>,
): Promise<void> {
  const byLine = new Map<number, Awaited<ReturnType<typeof loteItemRows>>[number]>();
  for (const { linha } of entries) {
    const [row] = await loteItemRows(deps.db, loteId, { afterLinha: linha - 1, take: 1 });
    if (row?.linha === linha) byLine.set(linha, row);
  }
  for (const { linha } of entries) {
    const row = byLine.get(linha);
    const ok =
      row &&
      (row.status === 'com_erro_validacao' ||
        row.status === 'rejeitada' ||
        (row.status === 'falha_transmissao' && row.falha?.dps_enviada === 'nao'));
    if (!ok) {
      throw new EngineError(
        'lote_linha_nao_reprocessavel',
        `A linha ${linha} está ${row?.status ?? 'ausente'} e não pode ser reprocessada.`,
        {
          campo: null,
          correcao:
            'Reprocesse só linhas com erro de validação, rejeitadas, ou com falha de transmissão cuja DPS não foi enviada.',
        },
      );
    }
  }
}
