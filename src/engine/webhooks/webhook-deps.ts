import type { PreparedSql } from '../../db/sql-runner.js';
import type { EngineDeps } from '../engine-deps.js';
import type { AddressPolicy } from './check-host.js';
import type { Mailer } from '../nucleo/mailer.js';
import type { SafeDispatchers } from './safe-dispatchers.js';

/** Infrastructure of webhook delivery, built once in src/create-app.ts. */
export interface WebhookRuntime {
  /** The fan-out and record statements, run thousands of times a second (sql-runner.ts). */
  sql: PreparedSql;
  policy: AddressPolicy;
  /** Checks a URL's host before each volley of attempts and hands the pool that only reaches the checked addresses. */
  dispatchers: SafeDispatchers;
  /** How long an attempt may take (10 s, DELIVERY_TIMEOUT_MS; tests shorten it). */
  timeoutMs: number;
  /** null: no SMTP configured; outage notices are recorded and logged only. */
  mailer: Mailer | null;
}

export interface WebhookDeps extends EngineDeps {
  webhooks: WebhookRuntime;
}
