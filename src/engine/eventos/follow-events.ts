import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import type { TopicStream } from '../nucleo/pubsub.js';
import { eventsTopic } from './events-topic.js';
import { presentEvent, seesCompany, type EventEntry } from './list-events.js';

const PAGE = 500;

export interface FollowEventsOptions {
  /** Only these `tipo`s (all when absent or empty). */
  tipos?: readonly string[] | null;
}

/**
 * The live tail of the event log (GraphQL subscription `eventos`): the events committed after the call, in
 * `seq` (= commit) order, read from the log itself on every wake-up of `eventsTopic`. A rolled-back change
 * wrote no event, so it is never seen. A key restricted to one company sees what `GET /v1/eventos` shows it
 * (companyEventsWhere): the events about its company and those naming none, never another company's.
 * Not an async generator: return() must end a pending next() at once (see pubsub.ts).
 */
export function followEvents(
  deps: Pick<EngineDeps, 'db' | 'pubsub'>,
  principal: Principal,
  options: FollowEventsOptions = {},
): AsyncIterableIterator<EventEntry> {
  const scope = { accountId: principal.accountId, environment: principal.environment };
  const tipos = options.tipos?.length ? new Set(options.tipos) : null;
  const pending: EventEntry[] = [];
  let ended = false;
  // The position is read first and the topic subscribed after it; the first read of the log waits for the
  // subscription to be ready and for no wake-up: an event committed after the position, before a wake-up could
  // reach this process (its SUBSCRIBE still on the way to Redis), is read then, not left for the next event.
  let after = 0n;
  let wakeups: TopicStream | null = null;
  const started = deps.db.eventCounter
    .findUnique({ where: { accountId_environment: scope }, select: { last: true } })
    .then((c) => {
      after = c?.last ?? 0n;
      if (!ended) wakeups = deps.pubsub.subscribe(eventsTopic(principal.accountId, principal.environment));
    });
  // The first next() raises a failed read; a subscription ended before it would leave the failure unhandled.
  started.catch(() => {});
  let first = true;
  // A full page means more events were committed than one read takes: read on without waiting for a wake-up.
  let more = false;

  // Every event is read (the position passes the hidden ones too); the company rule is the list's, on the row.
  const visible = (row: { tipo: string; companyId: string | null }) =>
    (!tipos || tipos.has(row.tipo)) && seesCompany(principal, row.companyId);

  const iterator: AsyncIterableIterator<EventEntry> = {
    async next() {
      while (pending.length === 0) {
        if (first) {
          first = false;
          await started;
          if (ended || !wakeups) return { done: true, value: undefined };
          await wakeups.ready;
        } else if (!more) {
          const wake = await wakeups!.next();
          if (wake.done || ended) return { done: true, value: undefined };
        }
        const rows = await deps.db.event.findMany({
          where: { ...scope, seq: { gt: after } },
          orderBy: { seq: 'asc' },
          take: PAGE,
        });
        more = rows.length === PAGE;
        if (rows.length) after = rows.at(-1)!.seq;
        pending.push(...rows.filter(visible).map(presentEvent));
      }
      return { done: false, value: pending.shift()! };
    },
    async return() {
      ended = true;
      await wakeups?.return();
      return { done: true, value: undefined };
    },
    async throw(err?: unknown) {
      ended = true;
      await wakeups?.return();
      throw err;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
