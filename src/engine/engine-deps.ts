import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { PreparedSql } from '../db/sql-runner.js';
import type { NewEvent, Tx } from './eventos/append-events.js';
import type { Clock } from './nucleo/clock.js';
import type { Environment } from './nucleo/environment.js';
import type { PubSub } from './nucleo/pubsub.js';
import type { TracePort } from './nucleo/trace-port.js';
import type { SecretBox } from './cripto/secret-box.js';
import type { Principal } from './chaves/principal.js';
import type { CompanyWithCertificate } from './empresas/present-company.js';
import type { ParametrosDaEmpresaDeps } from './municipios/query-parametros-da-empresa.js';
import type { Readiness } from './prontidao/get-readiness.js';
import type { JobLeases } from './fila/job-leases.js';
import type { JobSettings } from './fila/job-settings.js';

/** A company's readiness as the port answers it, for the folders that reach readiness only through the port. */
export type { Readiness };

/** What engine operations receive: infrastructure built once by the process that hosts the engine. */
export interface EngineDeps {
  db: Db;
  /**
   * Named statements on `db`'s pool, for the few statements every request or every note runs (authentication,
   * the usage count, the issuance writes): they skip Prisma's per-call work and PostgreSQL plans each once per
   * connection. Everything else goes through `db`.
   */
  sql: PreparedSql;
  clock: Clock;
  secrets: SecretBox;
  pubsub: PubSub;
  logger: Logger;
  lotes: LoteSettlement;
  prontidao: ReadinessFollow;
  /**
   * The request log and usage counts this process holds in memory (contas/request-log.ts); readers of either flush
   * it first. Absent where the process serves no requests.
   */
  requestLog?: { flush(): Promise<void> };
  /** The request's trace kept on the jobs it queues, and each job run in it; absent in tests that build deps by hand. */
  trace?: TracePort;
  /** The job queue's lease, heartbeat, attempts and jitter source (fila/job-settings.ts); its defaults when absent. */
  jobs?: Partial<JobSettings>;
  /** The leases of the jobs this process runs, renewed by its heartbeat; absent where nothing renews them (tests). */
  leases?: JobLeases;
}

/** The batch a note belongs to, as the note's own row names it. */
export interface LoteOfNote {
  loteId: string;
  accountId: string;
  environment: Environment;
}

/**
 * How a batch follows its notes, inside the transaction that changes them: the NFS-e path reports the moves and
 * the batches decide when they are complete, without the NFS-e path depending on batches.
 */
export interface LoteSettlement {
  /**
   * `delta` notes of the batch left `transmitindo` (negative) or went back into it (positive) in this transaction.
   * Holds the batch row locked until the transaction ends and returns the batch's events the move leads to (its
   * completion), which the caller appends after the notes' own: the account's event counter is locked after the
   * batch row, in every transaction that settles batch notes, and last.
   */
  notesMoved(tx: Tx, lote: LoteOfNote, delta: number, now: Date): Promise<NewEvent[]>;
}

/**
 * How readiness follows a change to a company, inside the transaction that changes it: the companies path reports
 * the change and readiness decides what it announces, without the companies path depending on readiness.
 */
export interface ReadinessFollow {
  /**
   * Re-evaluates and records the company's readiness, holding the company row locked until the transaction ends;
   * true when EMPRESA_PRONTIDAO_ALTERADA was appended.
   */
  companyChanged(tx: Tx, companyId: string, now: Date): Promise<boolean>;
  /**
   * The company's readiness as issuance gates it, for the NFS-e path: readiness reads what the NFS-e issuing systems
   * ask of a company, so that path asks readiness here rather than importing it.
   */
  readinessOf(deps: ParametrosDaEmpresaDeps, principal: Principal, company: CompanyWithCertificate): Promise<Readiness>;
  /** Refuses issuance (412 `empresa_nao_pronta`) when an item is in `bloqueio`. */
  assertReady(readiness: Readiness): void;
}
