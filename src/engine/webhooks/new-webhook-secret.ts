import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../cripto/secret-box.js';

/** 36 random bytes in base64url: a 48-character secret. */
export const newWebhookSecret = (): string => randomBytes(36).toString('base64url');

// Associated data binds each sealed value to its webhook: a ciphertext copied to another row fails to open.
export const sealSecret = (box: SecretBox, webhookId: string, secret: string) =>
  box.seal(secret, `webhook-secret:${webhookId}`);
export const openSecret = (box: SecretBox, webhookId: string, sealed: string) =>
  box.open(sealed, `webhook-secret:${webhookId}`).toString();
export const sealHeader = (box: SecretBox, webhookId: string, value: string) =>
  box.seal(value, `webhook-header:${webhookId}`);
export const openHeader = (box: SecretBox, webhookId: string, sealed: string) =>
  box.open(sealed, `webhook-header:${webhookId}`).toString();
