import { EVENT_TYPES } from '../../engine/webhooks/event-types.js';
import { builder } from '../builder.js';

/** Spec 6.2's event types a webhook subscribes to; the values are the wire names REST and deliveries use. */
export const EventTypeRef = builder.enumType('EventType', { values: EVENT_TYPES });

export type EventType = (typeof EVENT_TYPES)[number];
