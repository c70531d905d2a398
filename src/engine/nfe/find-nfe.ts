import type { Nfe } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { NFE_KEY_SHAPE } from './nfe-access-key.js';

/**
 * `GET /v1/nfe/{id}`: `{id}` is the note id, its 44-digit access key or its `referencia`, always inside the
 * key's account and environment (and company, for a restricted key), so another account's note is a 404.
 */
export async function findNfe(deps: Pick<EngineDeps, 'db'>, principal: Principal, id: string): Promise<Nfe> {
  const scope = {
    accountId: principal.accountId,
    environment: principal.environment,
    ...(principal.companyId ? { companyId: principal.companyId } : {}),
  };
  const byId = isUuid(id) ? await deps.db.nfe.findFirst({ where: { ...scope, id } }) : null;
  if (byId) return byId;
  const byKey = NFE_KEY_SHAPE.test(id) ? await deps.db.nfe.findFirst({ where: { ...scope, chaveAcesso: id } }) : null;
  if (byKey) return byKey;
  const byRef = await deps.db.nfe.findMany({ where: { ...scope, referencia: id }, take: 2 });
  if (byRef.length > 1) {
    throw new EngineError(
      'referencia_ambigua',
      `A referência ${id} existe em mais de uma empresa; use o id ou a chave de acesso da NF-e.`,
      {
        correcao: 'Consulte pelo id ou pela chave de acesso.',
      },
    );
  }
  if (byRef[0]) return byRef[0];
  throw new EngineError('nfe_nao_encontrada', `Nenhuma NF-e com id, referência ou chave ${id} neste ambiente.`, {
    correcao: 'Confira o identificador e o ambiente da chave de API.',
  });
}
