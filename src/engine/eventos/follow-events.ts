import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { eventsTopic } from './events-topic.js';
import { presentEvent, type EventEntry } from './list-events.js';

const PAGE = 500;

export interface FollowEventsOptions {
  /** Only these `tipo`s (all when absent or empty). */
  tipos?: readonly string[] | null;
}

/**
 * The live tail of the event log (GraphQL subscription `eventos`): the events committed after the call, in
 * `seq` (= commit) order, read from the log itself on every wake-up of `eventsTopic`. A rolled-back change
 * wrote no event, so it is never seen. A key restricted to one company does not see events about another
 * company (their `dados.empresa_id`), as it could not read those notes.
 * Not an async generator: return() must end a pending next() at once (see pubsub.ts).
 */
export function followEvents(
  deps: Pick<EngineDeps, 'db' | 'pubsub'>,
  principal: Principal,
  options: FollowEventsOptions = {},
): AsyncIterableIterator<EventEntry> {
  const scope = { accountId: principal.accountId, environment: principal.environment };
  const wakeups = deps.pubsub
    .subscribe(eventsTopic(principal.accountId, principal.environment))
    [Symbol.asyncIterator]();
  const tipos = options.tipos?.length ? new Set(options.tipos) : null;
  let after: Promise<bigint> | bigint = deps.db.eventCounter
    .findUnique({ where: { accountId_environment: scope }, select: { last: true } })
    .then((c) => c?.last ?? 0n);
  const pending: EventEntry[] = [];
  let ended = false;
  // A full page means more events were committed than one read takes: read on without waiting for a wake-up.
  let more = false;

  const visible = (entry: EventEntry) => {
    if (tipos && !tipos.has(entry.tipo)) return false;
    const empresaId = (entry.dados as { empresa_id?: unknown } | null)?.empresa_id;
    return !principal.companyId || empresaId === undefined || empresaId === principal.companyId;
  };

  const iterator: AsyncIterableIterator<EventEntry> = {
    async next() {
      while (pending.length === 0) {
        if (!more) {
          const wake = await wakeups.next();
          if (wake.done || ended) return { done: true, value: undefined };
        }
        const from = await after;
        const rows = await deps.db.event.findMany({
          where: { ...scope, seq: { gt: from } },
          orderBy: { seq: 'asc' },
          take: PAGE,
        });
        more = rows.length === PAGE;
        if (rows.length) after = rows.at(-1)!.seq;
        pending.push(...rows.map(presentEvent).filter(visible));
      }
      return { done: false, value: pending.shift()! };
    },
    async return() {
      ended = true;
      await wakeups.return?.();
      return { done: true, value: undefined };
    },
    async throw(err?: unknown) {
      ended = true;
      await wakeups.return?.();
      throw err;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
