import { EVENT_TYPES, TEST_EVENT } from '../../engine/webhooks/event-types.js';
import { builder } from '../builder.js';

/** Event types a webhook subscribes to; the values are the wire names REST and deliveries use. */
export const EventTypeRef = builder.enumType('EventType', { values: EVENT_TYPES });

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The type of a webhook delivery: an event type, or the `webhook.teste` of POST …/teste, whose wire name is no
 * GraphQL name (REST maps WEBHOOK_TESTE back, src/rest/operations/list-webhook-deliveries.ts).
 */
export const DeliveryEventTypeRef = builder.enumType('DeliveryEventType', {
  values: {
    ...Object.fromEntries(EVENT_TYPES.map((name) => [name, { value: name }])),
    WEBHOOK_TESTE: { value: TEST_EVENT },
  } as Record<string, { value: string }>,
});
