import type { Prisma } from '../../generated/prisma/client.js';
import { newId } from '../nucleo/new-id.js';
import type { Environment } from '../nucleo/environment.js';

// The dispatcher's own rows ('evento') are written in SQL by dispatch-events.ts.
export type DeliveryOrigin = 'reenvio' | 'teste';

export interface NewDelivery {
  webhookId: string;
  accountId: string;
  environment: Environment;
  eventId: string;
  tipo: string;
  dados: unknown;
  eventAt: Date;
  origem: DeliveryOrigin;
  now: Date;
}

/** A delivery due at once: the first attempt is immediate. */
export function deliveryRow(d: NewDelivery): Prisma.WebhookDeliveryCreateManyInput {
  return {
    id: newId(),
    webhookId: d.webhookId,
    accountId: d.accountId,
    environment: d.environment,
    eventId: d.eventId,
    tipo: d.tipo,
    dados: d.dados as Prisma.InputJsonValue,
    origem: d.origem,
    // Only the dispatcher's rows are unique per (webhook, event); resends are new deliveries of the same event.
    fanoutKey: null,
    status: 'pendente',
    nextAttemptAt: d.now,
    eventAt: d.eventAt,
    createdAt: d.now,
  };
}
