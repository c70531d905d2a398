import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { advanceInBackground } from './advance-lote.js';
import { findLote } from './find-lote.js';
import { leaseFrom } from './lease-from.js';
import { publishLote } from '../eventos/lote-topic.js';
import { loteView, type LoteView } from './present-lote.js';
import { invalidBody, readBody } from '../nucleo/read-body.js';
import { EMIT_LOTE_CORRECAO, emitLoteBody } from './emit-lote-body.js';

/**
 * `POST /v1/lotes/{id}/emissao`: once, on a batch `aguardando_emissao` of `ao_validar` = `aguardar`.
 * `{todas: true}` issues every valid line; `{linhas: [n, …]}` those lines, and the other valid lines become
 * `descartada`, in the transaction that moves the batch to `processando`.
 */
export async function emitLote(
  deps: TransmissionDeps,
  principal: Principal,
  options: { id: string; body: unknown },
): Promise<LoteView> {
  const lote = await findLote(deps, principal, options.id);
  if (lote.aoValidar !== 'aguardar') {
    throw new EngineError(
      'lote_sem_emissao_manual',
      'Este lote emite as linhas válidas sozinho (ao_validar emitir_validas).',
      { correcao: 'Acompanhe o lote com GET /v1/lotes/{id}.' },
    );
  }
  if (lote.status === 'validando') {
    throw new EngineError('lote_validando', 'O lote ainda está em validação.', {
      correcao: 'Espere o status aguardando_emissao e repita.',
    });
  }
  const body = readBody(emitLoteBody, options.body ?? {});
  const linhas = body.linhas?.length ? body.linhas : null;

  if (linhas) {
    const emitiveis = new Set(
      (
        await deps.db.loteItem.findMany({
          where: { loteId: lote.id, linha: { in: linhas }, status: 'aguardando_emissao' },
          select: { linha: true },
        })
      ).map((i) => i.linha),
    );
    const bad = linhas.findIndex((n) => !emitiveis.has(n));
    if (bad >= 0 && lote.status === 'aguardando_emissao') {
      throw invalidBody(emitLoteBody, [
        {
          codigo: 'formato_invalido',
          campo: `/linhas/${bad}`,
          mensagem: `A linha ${linhas[bad]} não existe ou não é uma linha válida aguardando emissão.`,
          correcao: EMIT_LOTE_CORRECAO,
        },
      ]);
    }
  }
  const now = deps.clock.now();
  const moved = await deps.db.$transaction(async (tx) => {
    const [updated] = await tx.lote.updateManyAndReturn({
      where: { id: lote.id, status: 'aguardando_emissao' },
      data: { status: 'processando', lockedUntil: leaseFrom(deps), updatedAt: now },
    });
    if (updated && linhas) {
      await tx.loteItem.updateMany({
        where: { loteId: lote.id, status: 'aguardando_emissao', linha: { notIn: linhas } },
        data: { status: 'descartada', updatedAt: now },
      });
    }
    return updated;
  });
  if (!moved)
    throw new EngineError('lote_ja_emitido', 'A emissão deste lote já foi pedida.', {
      correcao:
        'Acompanhe o lote com GET /v1/lotes/{id}; para corrigir linhas use POST /v1/lotes/{id}/reprocessamento.',
    });
  await publishLote(deps, moved);
  advanceInBackground(deps, lote.id);
  return loteView(deps.db, moved);
}
