import { setTimeout as sleep } from 'node:timers/promises';
import { claimEmailJobs } from '../engine/nfse/email/claim-email-jobs.js';
import type { NfseEmailDeps } from '../engine/nfse/email/nfse-email-deps.js';
import { sendEmailJob } from '../engine/nfse/email/send-email-job.js';

/** E-mails one claim takes and sends at once: an SMTP server takes a few connections per client, not hundreds. */
export const EMAIL_CONCURRENCY = 4;

/**
 * Sends every due e-mail now (tests drive time with a FakeClock and call this instead of waiting); returns how
 * many attempts it made.
 */
export async function drainEmails(
  deps: NfseEmailDeps,
  concurrency = EMAIL_CONCURRENCY,
  stopping: () => boolean = () => false,
): Promise<number> {
  let total = 0;
  while (!stopping()) {
    const jobs = await claimEmailJobs(deps, concurrency);
    if (jobs.length === 0) break;
    await Promise.all(
      jobs.map((job) =>
        sendEmailJob(deps, job).catch((err: unknown) => {
          // Not recorded: the lease runs out and the e-mail is claimed again, counting this attempt.
          deps.logger.error({ err, emailId: job.id, nfseId: job.nfseId }, 'NFS-e e-mail job failed');
        }),
      ),
    );
    total += jobs.length;
  }
  return total;
}

/**
 * The worker role's NFS-e e-mails: claims due jobs in a loop; resumes from the database after a crash. Stopping
 * claims nothing more and waits for the sends under way (each bounded by the transport's timeouts).
 */
export function startEmailWorker(deps: NfseEmailDeps, options: { pollMs?: number } = {}) {
  const pollMs = options.pollMs ?? 1000;
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        const sent = await drainEmails(deps, EMAIL_CONCURRENCY, () => stopping.signal.aborted);
        if (sent === 0) await sleep(pollMs, undefined, { signal: stopping.signal }).catch(() => {});
      } catch (err) {
        deps.logger.error({ err }, 'e-mail worker loop failed; retrying');
        await sleep(pollMs * 4, undefined, { signal: stopping.signal }).catch(() => {});
      }
    }
  })();
  return {
    stop: async () => {
      stopping.abort();
      await loop;
    },
  };
}
