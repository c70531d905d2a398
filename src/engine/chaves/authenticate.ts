import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { environmentOfKey, hashApiKey } from './generate-api-key.js';
import type { Principal } from './principal.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Missing, malformed, unknown or revoked keys are all the same 401: nothing hints which. */
export async function authenticate(deps: Pick<EngineDeps, 'db'>, authorization: string | undefined): Promise<Principal> {
  const key = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  const environment = key ? environmentOfKey(key) : null;
  if (!key || !environment || key.length > 200) throw unauthenticated();
  const row = await deps.db.apiKey.findUnique({ where: { hash: hashApiKey(key) } });
  if (!row || row.revokedAt || row.environment !== environment) throw unauthenticated();
  return { accountId: row.accountId, environment, apiKeyId: row.id, companyId: row.companyId };
}

const unauthenticated = () =>
  new EngineError('nao_autenticado', 'Chave de API ausente, inválida ou revogada.', {
    correcao: 'Envie o cabeçalho Authorization: Bearer <chave> com uma chave ativa.',
  });
