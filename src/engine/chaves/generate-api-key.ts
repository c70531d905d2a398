import { createHash, randomBytes } from 'node:crypto';
import type { Environment } from '../nucleo/environment.js';

const PREFIX: Record<Environment, string> = { test: 'svc_test_', live: 'svc_live_' };

/** `svc_test_` / `svc_live_` + 32 random bytes in base64url (43 characters). */
export function generateApiKey(environment: Environment): string {
  return PREFIX[environment] + randomBytes(32).toString('base64url');
}

/** Keys carry 256 bits of entropy, so a fast hash is enough; only this hash is stored. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function environmentOfKey(key: string): Environment | null {
  if (key.startsWith(PREFIX.live)) return 'live';
  if (key.startsWith(PREFIX.test)) return 'test';
  return null;
}

/** What may be shown of a key after creation (dashboards, logs): its prefix and first characters. */
export const displayPrefix = (key: string): string => key.slice(0, 13);
