import type { Logger } from 'pino';
import { RequestLog } from '../engine/contas/request-log.js';
import { createSecretBox } from '../engine/cripto/secret-box.js';
import { FirstAttempts } from '../engine/fila/first-attempts.js';
import { JobLeases } from '../engine/fila/job-leases.js';
import type { JobSettings } from '../engine/fila/job-settings.js';
import { loteSettlement } from '../engine/lotes/lote-settlement.js';
import type { Clock } from '../engine/nucleo/clock.js';
import { readinessFollow } from '../engine/prontidao/readiness-follow.js';
import type { TransmissionDeps } from '../engine/transmission-deps.js';
import type { WebhookRuntime } from '../engine/webhooks/webhook-deps.js';
import type { Mailer } from '../engine/nucleo/mailer.js';
import type { Authorities } from './start-authorities.js';
import type { Infrastructure } from './open-infrastructure.js';
import type { TracePort } from '../engine/nucleo/trace-port.js';

/** The engine of one process: every port wired, with the request log and first attempts the process holds. */
export type AppEngine = TransmissionDeps & {
  webhooks: WebhookRuntime;
  /** The process's SMTP (null when not configured): NFS-e e-mails (nfse/email) and webhook outage notices. */
  mailer: Mailer | null;
  requestLog: RequestLog;
  firstAttempts: FirstAttempts;
};

export interface AppEngineParts {
  infrastructure: Pick<Infrastructure, 'database' | 'pubsub' | 'masterKey'>;
  authorities: Pick<
    Authorities,
    'national' | 'sefaz' | 'cadastros' | 'saoPaulo' | 'abrasf' | 'abrasf1' | 'layoutNacional'
  >;
  webhooks: WebhookRuntime;
  mailer: Mailer | null;
  clock: Clock;
  logger: Logger;
  trace: TracePort;
  /** The job queue's settings (config: JOB_*); the defaults when absent. */
  jobs?: Partial<JobSettings>;
}

/** The engine's deps from the infrastructure and the gateways; the batch and readiness ports are wired here. */
export function buildAppEngine(parts: AppEngineParts): AppEngine {
  const { infrastructure, authorities, webhooks, mailer, clock, logger, trace, jobs } = parts;
  const { database, pubsub, masterKey } = infrastructure;
  const { national, sefaz, cadastros, saoPaulo, abrasf, abrasf1, layoutNacional } = authorities;
  const secrets = createSecretBox(masterKey);
  const leases = new JobLeases({ db: database.prisma, clock, logger, jobs });
  return {
    db: database.prisma,
    sql: database.prepared,
    clock,
    secrets,
    pubsub,
    logger,
    trace,
    lotes: loteSettlement,
    prontidao: readinessFollow({ national, secrets }),
    national,
    sefaz,
    cadastros,
    saoPaulo,
    abrasf,
    layoutNacional,
    abrasf1,
    webhooks,
    mailer,
    jobs,
    leases,
    firstAttempts: new FirstAttempts(leases),
    requestLog: new RequestLog({ db: database.prisma, sql: database.prepared, logger }),
  };
}
