import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits in base64url: session cookies, CSRF tokens and invitation links. */
export const newPanelToken = (): string => randomBytes(32).toString('base64url');

/** Tokens carry 256 bits of entropy, so a fast hash is enough; only this hash is stored. */
export const hashPanelToken = (token: string): string => createHash('sha256').update(token).digest('hex');
