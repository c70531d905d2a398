import type { Lote } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { LOTE_RECEBENDO } from './lote-recebendo.js';

/** A batch of the caller's account and environment (and company, for a restricted key); else 404 (also while it is received). */
export async function findLote(deps: Pick<EngineDeps, 'db'>, principal: Principal, id: string): Promise<Lote> {
  const lote = isUuid(id)
    ? await deps.db.lote.findFirst({
        where: {
          id,
          accountId: principal.accountId,
          environment: principal.environment,
          status: { not: LOTE_RECEBENDO },
          ...(principal.companyId ? { companyId: principal.companyId } : {}),
        },
      })
    : null;
  if (!lote) {
    throw new EngineError('lote_nao_encontrado', `Lote ${id} não encontrado.`, {
      correcao: 'Use o id devolvido por POST /v1/lotes ou GET /v1/lotes.',
    });
  }
  return lote;
}
