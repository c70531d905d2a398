import type { Principal } from '../auth/principal.js';
import type { EngineDeps } from '../deps.js';
import { EngineError, parameterError } from '../errors.js';
import { decodeEventCursor, encodeEventCursor } from './event-cursor.js';

export interface ListEventsOptions {
  apos?: string;
  limite?: string | number;
}

export interface EventEntry {
  id: string;
  tipo: string;
  ambiente: string;
  criado_em: string;
  dados: unknown;
}

/**
 * `GET /v1/eventos` (spec 6.5): events of the key's account and environment after the cursor, oldest first.
 * `proximo_cursor` is always present; an empty page returns the same position to poll again later.
 */
export async function listEvents(deps: Pick<EngineDeps, 'db'>, principal: Principal, options: ListEventsOptions) {
  const limite = parseLimit(options.limite);
  const after = options.apos ? decodeEventCursor(options.apos) : 0n;
  const scope = { accountId: principal.accountId, environment: principal.environment };

  const rows = await deps.db.event.findMany({ where: { ...scope, seq: { gt: after } }, orderBy: { seq: 'asc' }, take: limite });
  // A gap between the cursor and the first stored event means the events in it were purged (90 days).
  if (after > 0n && (rows.length === 0 || rows[0]!.seq > after + 1n)) {
    const oldest = await deps.db.event.findFirst({ where: scope, orderBy: { seq: 'asc' }, select: { seq: true } });
    const counter = await deps.db.eventCounter.findUnique({ where: { accountId_environment: scope } });
    const firstKept = oldest?.seq ?? (counter ? counter.last + 1n : 1n);
    if (after + 1n < firstKept) {
      throw parameterError('cursor_vencido', { query: 'apos' }, 'o cursor aponta para eventos já apagados (retenção de 90 dias).', {
        correcao: 'Continue a partir de cursor_mais_antigo.',
        extra: { cursor_mais_antigo: encodeEventCursor(firstKept - 1n) },
      });
    }
  }
  if (after > 0n && rows.length === 0) {
    // A cursor past the last event was not issued to this account and environment (another key's log, or
    // forged): following it would silently skip the events numbered up to it.
    const counter = await deps.db.eventCounter.findUnique({ where: { accountId_environment: scope } });
    if (after > (counter?.last ?? 0n)) {
      throw parameterError('parametro_invalido', { query: 'apos' }, 'o cursor não pertence ao log desta conta e ambiente.', {
        correcao: 'Use o proximo_cursor devolvido a esta chave (cada ambiente tem seu log), ou omita apos para começar do início.',
      });
    }
  }
  const eventos = rows.map(presentEvent);
  const last = rows.at(-1)?.seq ?? after;
  return { eventos, proximo_cursor: encodeEventCursor(last) };
}

/** One entry of the log as REST, webhooks and GraphQL show it (DESIGN.md: `{id, tipo, ambiente, criado_em, dados}`). */
export function presentEvent(row: { id: string; tipo: string; environment: string; createdAt: Date; dados: unknown }): EventEntry {
  return {
    id: row.id,
    tipo: row.tipo,
    ambiente: row.environment === 'test' ? 'sandbox' : 'producao',
    criado_em: row.createdAt.toISOString(),
    dados: row.dados,
  };
}

function parseLimit(value: string | number | undefined): number {
  if (value === undefined || value === '') return 100;
  const n = typeof value === 'number' ? value : /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 1000) {
    throw parameterError('parametro_invalido', { query: 'limite' }, 'deve ser um inteiro de 1 a 1000.', { correcao: 'Use limite entre 1 e 1000 (padrão 100).' });
  }
  return n;
}
