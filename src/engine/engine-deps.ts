import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { PreparedSql } from '../db/sql-runner.js';
import type { Tx } from './eventos/append-events.js';
import type { Clock } from './nucleo/clock.js';
import type { Environment } from './nucleo/environment.js';
import type { PubSub } from './nucleo/pubsub.js';
import type { SecretBox } from './cripto/secret-box.js';

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
  /** A batch note left `transmitindo` (-1) or went back into it (+1). */
  noteMoved(tx: Tx, lote: LoteOfNote, delta: -1 | 1, now: Date): Promise<void>;
  /** Batch notes left `transmitindo` together, their batch's row already counted down and locked. */
  notesSettled(
    tx: Tx,
    lote: LoteOfNote & { status: string; pendentes: number; lockedUntil: Date | null; concluidoEm: Date | null },
    now: Date,
  ): Promise<void>;
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
}
