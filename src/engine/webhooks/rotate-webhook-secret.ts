import type { Principal } from '../chaves/principal.js';
import { DAY } from '../nucleo/clock.js';
import { findWebhook } from './find-webhook.js';
import { presentWebhook } from './present-webhook.js';
import type { EngineDeps } from '../engine-deps.js';
import { newWebhookSecret, sealSecret } from './new-webhook-secret.js';

export const ROTATION_OVERLAP = DAY;

/** A new secret; for 24 hours V2 also carries a signature with the one it replaces. */
export async function rotateWebhookSecret(
  deps: Pick<EngineDeps, 'db' | 'clock' | 'secrets'>,
  principal: Principal,
  options: { id: string },
) {
  const current = await findWebhook(deps, principal, options.id);
  const segredo = newWebhookSecret();
  const now = deps.clock.now();
  const row = await deps.db.webhook.update({
    where: { id: current.id },
    data: {
      secretEnc: sealSecret(deps.secrets, current.id, segredo),
      previousSecretEnc: current.secretEnc,
      previousUntil: new Date(now.getTime() + ROTATION_OVERLAP),
      updatedAt: now,
    },
  });
  return { ...presentWebhook(row), segredo };
}
