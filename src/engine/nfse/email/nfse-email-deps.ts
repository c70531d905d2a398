import type { EngineDeps } from '../../engine-deps.js';
import type { Mailer } from '../../nucleo/mailer.js';

/** What sending NFS-e e-mails runs on: the engine and the process's mailer (null when SMTP is not configured). */
export type NfseEmailDeps = Pick<EngineDeps, 'db' | 'clock' | 'pubsub' | 'lotes' | 'logger'> & {
  mailer: Mailer | null;
};
