import { setTimeout as sleep } from 'node:timers/promises';
import type { Authorities } from './start-authorities.js';
import type { Infrastructure } from './open-infrastructure.js';
import { closeWebhookRuntime } from './create-webhook-runtime.js';
import type { WebhookRuntime } from '../engine/webhooks/webhook-deps.js';

/** What a running app stops, each by the part of it the close needs. */
export interface RunningApp {
  /** The websocket servers, closed one after the other before anything else. */
  sockets: Array<{ close(): Promise<void> }>;
  server: { close(): PromiseLike<unknown>; startDrain(): void; server: { closeAllConnections(): void } };
  worker: { stop(deadline?: number): Promise<void> } | null;
  webhookWorker: { stop(): Promise<void> } | null;
  emailWorker?: { stop(): Promise<void> } | null;
  scheduler?: { stop(): Promise<void> } | null;
  requestLog: { close(): Promise<void> };
  /** Waits for the first attempts still running until the deadline, or releases their jobs. */
  settleFirstAttempts(deadline: number): Promise<void>;
  /** The METRICS_PORT listener, once listening. */
  metricsServer(): { close(): Promise<void> } | null;
  /** Everything the roles ran on (releaseResources). */
  release(): Promise<void>;
}

/**
 * Stops the process's work. With `drainMs`, the server first drains that long (within the grace): /readyz 503,
 * requests still served, each answer closing its connection. With `graceMs`: new requests are refused at once, requests and jobs in flight get
 * until then to finish; jobs still running are then released to other workers and connections still open are
 * cut, so the process can exit within the grace period.
 */
export async function closeApp(app: RunningApp, graceMs?: number, drainMs = 0): Promise<void> {
  const deadline = graceMs === undefined ? undefined : Date.now() + graceMs;
  // Before the port closes: not ready, and each answer ends its connection. Closing at once would cut the idle
  // keep-alive connections a client may be sending on at that very moment, leaving that request unanswered.
  if (drainMs > 0) {
    app.server.startDrain();
    await sleep(deadline === undefined ? drainMs : Math.min(drainMs, Math.max(0, deadline - Date.now())));
  }
  for (const socket of app.sockets) await socket.close();
  // All at once: the server stops accepting and waits for its requests while the workers stop claiming and
  // finish what they hold (the transmission worker releases what is left at the deadline by itself).
  const [served] = await Promise.all([
    byDeadline(Promise.resolve(app.server.close()), deadline),
    app.worker?.stop(deadline),
    app.webhookWorker ? byDeadline(app.webhookWorker.stop(), deadline) : undefined,
    // A send still running at the deadline is cut; its lease expires and another process sends it again.
    app.emailWorker ? byDeadline(app.emailWorker.stop(), deadline) : undefined,
    // A periodic job still running at the deadline is cut; its lease expires and another process takes it over.
    app.scheduler ? byDeadline(app.scheduler.stop(), deadline) : undefined,
  ]);
  // Requests still running at the deadline lose their connection; their idempotency records let clients repeat them.
  if (served === 'late') app.server.server.closeAllConnections();
  // The request log and usage counts held in memory, once no request can add to them, before the database closes.
  await app.requestLog.close();
  // The first attempts requests left running after their response (Prefer: wait=0): waited for within the same
  // deadline, or released to the workers. Without a deadline (tests) the close does not wait for them.
  if (deadline !== undefined) await app.settleFirstAttempts(deadline);
  await app.metricsServer()?.close();
  await app.release();
}

/** `work`, or 'late' once the deadline (epoch ms) passes first; without a deadline, `work` itself. */
export function byDeadline<T>(work: Promise<T>, deadline: number | undefined): Promise<T | 'late'> {
  if (deadline === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>(
    (resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()), 'late')),
  );
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * What the roles ran on, in this order: São Paulo's and the other simulators with their clients (the simulators drop
 * the answers they hold, so no client waits for one), pub/sub, Redis, the database and the data directory's lock,
 * then the webhook pools and the SEFAZ clients, which wait only for calls in flight.
 */
export async function releaseResources(parts: {
  authorities: Pick<Authorities, 'closeSimulators' | 'closeSefaz'>;
  infrastructure: Pick<Infrastructure, 'close'>;
  webhooks: Pick<WebhookRuntime, 'mailer' | 'dispatchers'>;
}): Promise<void> {
  await parts.authorities.closeSimulators();
  await parts.infrastructure.close();
  await closeWebhookRuntime(parts.webhooks);
  await parts.authorities.closeSefaz();
}
