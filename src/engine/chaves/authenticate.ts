import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { groupedStatement } from '../nucleo/grouped-statement.js';
import { environmentOfKey, hashApiKey } from './generate-api-key.js';
import type { KeyPrincipal } from './principal.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Missing, malformed, unknown or revoked keys are all the same 401: nothing hints which. */
export async function authenticate(
  deps: Pick<EngineDeps, 'sql'>,
  authorization: string | undefined,
): Promise<KeyPrincipal> {
  const key = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  const environment = key ? environmentOfKey(key) : null;
  if (!key || !environment || key.length > 200) throw unauthenticated();
  const row = await keyByHash(deps)(hashApiKey(key));
  if (!row || row.revoked_at || row.environment !== environment) throw unauthenticated();
  return { accountId: row.account_id, environment, apiKeyId: row.id, companyId: row.company_id };
}

interface KeyRow {
  id: string;
  account_id: string;
  environment: string;
  company_id: string | null;
  revoked_at: Date | null;
}

/**
 * Every request runs it: a named statement (EngineDeps.sql), not a Prisma call, and the keys of concurrent
 * requests are looked up together (groupedStatement).
 */
const keyByHash = (deps: Pick<EngineDeps, 'sql'>) =>
  groupedStatement<string, KeyRow | undefined>(deps.sql, 'api_keys_by_hash', async (hashes) => {
    const rows = await deps.sql<KeyRow & { hash: string }>('api_keys_by_hash', BY_HASHES, [[...new Set(hashes)]]);
    const byHash = new Map(rows.map((r) => [r.hash, r]));
    return hashes.map((h) => byHash.get(h));
  });

const BY_HASHES =
  'SELECT hash, id, account_id, environment, company_id, revoked_at FROM api_keys WHERE hash = ANY($1::text[])';

const unauthenticated = () =>
  new EngineError('nao_autenticado', 'Chave de API ausente, inválida ou revogada.', {
    correcao: 'Envie o cabeçalho Authorization: Bearer <chave> com uma chave ativa.',
  });
