import type { EngineDeps } from '../deps.js';

/**
 * Wake-up for followers of an account's event log (GraphQL `eventos`). It carries no event: followers read the
 * log after their last `seq`, so they only ever see committed events, in commit order, and a lost wake-up only
 * delays them until the next. Every writer of events calls `announceEvents` after its transaction commits.
 */
export const eventsTopic = (accountId: string, environment: string) => `eventos:${accountId}:${environment}`;

export async function announceEvents(deps: Pick<EngineDeps, 'pubsub'>, accountId: string, environment: string): Promise<void> {
  await deps.pubsub.publish(eventsTopic(accountId, environment), {});
}
