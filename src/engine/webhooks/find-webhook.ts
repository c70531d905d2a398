import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { afterAscending, decodeKeyset, encodeKeyset } from '../nucleo/keyset.js';

/** A key restricted to one company cannot administer webhooks (they belong to the whole account). */
export function assertAccountKey(principal: Principal): void {
  if (principal.companyId) {
    throw new EngineError('chave_restrita', 'Uma chave restrita a uma empresa não administra webhooks.', {
      correcao: 'Use uma chave da conta, sem restrição de empresa.',
    });
  }
}

export const webhookScope = (principal: Principal) => ({
  accountId: principal.accountId,
  environment: principal.environment,
  deletedAt: null,
});

/** A webhook of the key's account and environment; any other id is 404. */
export async function findWebhook(deps: Pick<EngineDeps, 'db'>, principal: Principal, id: string) {
  assertAccountKey(principal);
  const row = isUuid(id) ? await deps.db.webhook.findFirst({ where: { id, ...webhookScope(principal) } }) : null;
  if (!row) {
    throw new EngineError('nao_encontrado', 'Webhook não encontrado nesta conta e ambiente.', {
      correcao: 'Confira o id em GET /v1/webhooks (cada ambiente tem seus webhooks).',
    });
  }
  return row;
}

/** Oldest first, keyset over (created_at, id); every webhook when `first` is absent (GET /v1/webhooks is not paginated). */
export async function listWebhooks(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  options: { after?: string | null; first?: number | null } = {},
) {
  assertAccountKey(principal);
  const after = options.after ? decodeKeyset('wh1', options.after) : null;
  const rows = await deps.db.webhook.findMany({
    where: { ...webhookScope(principal), ...afterAscending(after) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    ...(options.first != null ? { take: options.first + 1 } : {}),
  });
  const page = options.first != null ? rows.slice(0, options.first) : rows;
  return { dados: page, mais: page.length < rows.length };
}

export async function countWebhooks(deps: Pick<EngineDeps, 'db'>, principal: Principal): Promise<number> {
  return deps.db.webhook.count({ where: webhookScope(principal) });
}

export const webhookCursor = (w: { criado_em: string; id: string }): string =>
  encodeKeyset('wh1', { createdAt: new Date(w.criado_em), id: w.id });
