import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError, parameterError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import type { NfseWithTimeline } from './present-nfse.js';
import { NFSE_KEY_SHAPE } from './nacional/access-key.js';

/**
 * `GET /v1/nfse/{id}`: `{id}` is the note id, the `referencia` or the 50-character `chave_acesso`,
 * always inside the key's account and environment (and company, for a restricted key).
 */
export async function findNfse(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: { id: string; empresaId?: string | null },
): Promise<NfseWithTimeline> {
  const scope = {
    accountId: principal.accountId,
    environment: principal.environment,
    ...(principal.companyId ? { companyId: principal.companyId } : {}),
    ...(options.empresaId ? { companyId: options.empresaId } : {}),
  };
  // A malformed filter is the caller's error, and the column is a uuid: never send it to the database.
  if (options.empresaId && !isUuid(options.empresaId)) {
    throw parameterError(
      'parametro_invalido',
      { query: 'empresa_id' },
      `não é um id de empresa: ${options.empresaId}.`,
      {
        correcao: 'Use o id da empresa retornado por GET /v1/companies.',
      },
    );
  }
  if (principal.companyId && options.empresaId && options.empresaId !== principal.companyId) {
    throw new EngineError('acesso_negado', 'Esta chave está restrita a outra empresa.', {
      correcao: 'Use uma chave desta empresa.',
    });
  }
  const byId = isUuid(options.id)
    ? await deps.db.nfse.findFirst({ where: { ...scope, id: options.id }, include: { timeline: true } })
    : null;
  if (byId) return byId;
  if (NFSE_KEY_SHAPE.test(options.id)) {
    const byKey = await deps.db.nfse.findFirst({
      where: { ...scope, chaveAcesso: options.id },
      include: { timeline: true },
    });
    if (byKey) return byKey;
  }
  const byRef = await deps.db.nfse.findMany({
    where: { ...scope, referencia: options.id },
    include: { timeline: true },
    take: 2,
  });
  if (byRef.length > 1) {
    // campo stays null: empresa_id is a query parameter here, not a member of a body.
    throw new EngineError(
      'referencia_ambigua',
      `A referência ${options.id} existe em mais de uma empresa; informe o parâmetro empresa_id.`,
      {
        correcao: 'Informe empresa_id na consulta.',
      },
    );
  }
  if (byRef[0]) return byRef[0];
  throw new EngineError(
    'nfse_nao_encontrada',
    `Nenhuma nota com id, referência ou chave ${options.id} neste ambiente.`,
    {
      correcao: 'Confira o identificador e o ambiente da chave de API.',
    },
  );
}
