import type { EngineDeps } from '../engine-deps.js';

/** Pub/sub topics announcing a batch's change (published after commit; carries ids only). */
export const loteTopic = (loteId: string) => `lote:${loteId}`;
export const loteAccountTopic = (accountId: string, environment: string) => `lote-conta:${accountId}:${environment}`;

/** The message on both topics: enough to route and filter (by company) without reading the row. */
export interface LoteChange {
  id: string;
  empresaId: string;
}

/**
 * After commit: a batch's status or `contagens` changed (its own step, or one of its notes, whose status its
 * lines show). Subscribers read the committed batch themselves (load-changed-lote.ts).
 */
export async function publishLote(
  deps: Pick<EngineDeps, 'pubsub'>,
  lote: { id: string; accountId: string; environment: string; companyId: string },
): Promise<void> {
  const message: LoteChange = { id: lote.id, empresaId: lote.companyId };
  await deps.pubsub.publish(loteTopic(lote.id), { ...message });
  await deps.pubsub.publish(loteAccountTopic(lote.accountId, lote.environment), { ...message });
}
