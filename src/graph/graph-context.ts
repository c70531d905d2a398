import type { Principal } from '../engine/chaves/principal.js';
import type { TransmissionDeps } from '../engine/transmission-deps.js';
import type { WebhookDeps } from '../engine/webhooks/webhook-deps.js';
import type { NfseEmailDeps } from '../engine/nfse/email/nfse-email-deps.js';

/**
 * What resolvers hand the engine: its infrastructure, the authorities' gateways, the webhook runtime and the
 * mailer, all built by the composition root.
 */
export interface GraphEngine extends TransmissionDeps, WebhookDeps, NfseEmailDeps {}

/** Per-request context. Resolvers call engine functions with `engine`; they never query Prisma themselves. */
export interface GraphContext {
  engine: GraphEngine;
  principal: Principal | null;
  /** Set by the REST facade; lets operations that wait (Prefer: wait) know the caller's budget. */
  requestId: string;
}
