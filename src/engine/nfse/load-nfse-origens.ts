import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';

/**
 * Where a note came from, as the operator panel labels it: `lote` when it is a line of a batch, `api` otherwise.
 * `painel` names a note issued by a panel session; nothing issues through the panel yet, so no note has it.
 */
export type NotaOrigem = 'api' | 'lote' | 'painel';

export const NOTA_ORIGENS = ['api', 'lote', 'painel'] as const satisfies readonly NotaOrigem[];

/**
 * The origin of many notes in one statement, in the order asked (GraphQL batches a page of notes here), derived
 * from the batch each note belongs to. Scoped to the caller's account and environment: another account's note is
 * nfse_nao_encontrada, in its place (the loader's error for that key only).
 */
export async function loadNfseOrigens(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  ids: readonly string[],
): Promise<Array<NotaOrigem | EngineError>> {
  const rows = await deps.db.nfse.findMany({
    where: { accountId: principal.accountId, environment: principal.environment, id: { in: [...new Set(ids)] } },
    select: { id: true, loteId: true },
  });
  const byId = new Map(rows.map((r) => [r.id, r.loteId === null ? 'api' : 'lote'] as const));
  return ids.map(
    (id) =>
      byId.get(id) ??
      new EngineError('nfse_nao_encontrada', `Nenhuma nota com id ${id} neste ambiente.`, {
        correcao: 'Use o id de uma nota desta conta.',
      }),
  );
}
