import type { EngineDeps } from '../engine-deps.js';

/**
 * Wake-up for followers of an account's event log (GraphQL `eventos`). It carries no event: followers read the
 * log after their last `seq`, so they only ever see committed events, in commit order, and a lost wake-up only
 * delays them until the next. Every writer of events calls `announceEvents` after its transaction commits.
 */
export const eventsTopic = (accountId: string, environment: string) => `eventos:${accountId}:${environment}`;

/** The same wake-up for every account: the webhook dispatcher fans out all of them. */
export const anyEventsTopic = 'eventos';

export async function announceEvents(
  deps: Pick<EngineDeps, 'pubsub'>,
  accountId: string,
  environment: string,
): Promise<void> {
  await Promise.all([
    deps.pubsub.publish(eventsTopic(accountId, environment), {}),
    deps.pubsub.publish(anyEventsTopic, {}),
  ]);
}
