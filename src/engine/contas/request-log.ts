import type { Prisma } from '../../generated/prisma/client.js';
import type { KeyPrincipal, Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { newId } from '../nucleo/new-id.js';
import { recordRequests, type RequestCount } from './record-requests.js';
import { usageCycle } from './usage-cycle.js';

/**
 * One authenticated /v1 or GraphQL call as the HTTP host saw it: ids, the route template and the outcome. Never a
 * body, a header value, a key or a person's data.
 */
export interface RequestLine {
  principal: KeyPrincipal;
  /** When the call arrived (the injectable clock). */
  at: Date;
  requestId: string;
  method: string;
  /** The route template (`/v1/nfse/{id}`, `/graphql`), never the raw URL. */
  rota: string;
  status: number;
  /** The error code of an error answer; null otherwise. */
  codigo: string | null;
  durationMs: number;
  notaId: string | null;
  loteId: string | null;
  empresaId: string | null;
}

export interface RequestLogOptions {
  /** How often lines and counts are written (default 1 s): a crash loses at most this much of the log. */
  flushMs?: number;
  /** Lines that start a write at once, before the interval ends (default 500). */
  flushLines?: number;
  /** Lines kept while the database refuses them (default 50,000); older ones are dropped past it. */
  maxPending?: number;
}

/**
 * The request log and the usage counters, kept in memory and written off the requests' path: a call costs no
 * statement of its own. Every second (or every `flushLines` lines) one multi-row INSERT writes the lines and one
 * statement adds the counts. A crash loses at most the last interval of log lines and counts, never a note; a
 * graceful stop writes everything (`close`). Readers of the log and of the counters call `flush` first, so this
 * process's own calls are read back at once; another process's appear within the interval.
 */
export class RequestLog {
  private lines: RequestLogRow[] = [];
  private counts = new Map<string, RequestCount>();
  private chain: Promise<void> = Promise.resolve();
  private writing = false;
  /** Lines refused since the last write because `maxPending` were already held. */
  private dropped = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly flushLines: number;
  private readonly maxPending: number;

  constructor(
    private readonly deps: Pick<EngineDeps, 'db' | 'sql' | 'logger'>,
    options: RequestLogOptions = {},
  ) {
    this.flushLines = options.flushLines ?? 500;
    this.maxPending = options.maxPending ?? 50_000;
    this.timer = setInterval(() => void this.flush(), options.flushMs ?? 1000);
    // The interval never keeps a process alive by itself: stopping flushes through close().
    this.timer.unref();
  }

  /** Counts one accepted /v1 request in the usage cycle of `at` (GET /v1/usage). */
  count(principal: Principal, at: Date): void {
    this.add({ accountId: principal.accountId, environment: principal.environment, ciclo: usageCycle(at).ciclo, n: 1 });
  }

  record(line: RequestLine): void {
    // While the database refuses writes, memory stays bounded: past maxPending new lines are dropped and counted.
    if (this.lines.length >= this.maxPending) {
      this.dropped++;
      return;
    }
    this.lines.push(rowOf(line));
    // A full set of lines starts a write at once, unless one is under way (it takes what is held when it ends).
    if (this.lines.length >= this.flushLines && !this.writing) void this.flush();
  }

  /** Writes what is held now, after any write in progress; never rejects (failures are logged and kept). */
  flush(): Promise<void> {
    this.chain = this.chain.then(async () => {
      this.writing = true;
      try {
        await this.write();
      } finally {
        this.writing = false;
      }
    });
    return this.chain;
  }

  /** Stops the interval and writes what is held (graceful stop). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private add(count: RequestCount): void {
    const key = `${count.accountId}|${count.environment}|${count.ciclo}`;
    const entry = this.counts.get(key);
    if (entry) entry.n += count.n;
    else this.counts.set(key, { ...count });
  }

  private async write(): Promise<void> {
    const lines = this.lines;
    const counts = [...this.counts.values()];
    if (lines.length === 0 && counts.length === 0) return;
    this.lines = [];
    this.counts = new Map();
    try {
      await recordRequests(this.deps, counts);
    } catch (err) {
      this.deps.logger.error({ err, groups: counts.length }, 'usage counts not written; kept for the next write');
      for (const c of counts) this.add(c);
    }
    if (this.dropped > 0) {
      this.deps.logger.warn(
        { dropped: this.dropped },
        'request log lines dropped: too many held while the database refused them',
      );
      this.dropped = 0;
    }
    // One INSERT per chunk of lines: a backlog after an outage never makes a statement past the bind-parameter limit.
    for (let at = 0; at < lines.length; at += this.flushLines) {
      const chunk = lines.slice(at, at + this.flushLines);
      try {
        // Each line got its id when recorded: a write retried after a lost answer skips the lines already stored.
        await this.deps.sql('request_log_insert', INSERT_LINES, [JSON.stringify(chunk)]);
      } catch (err) {
        const rest = lines.slice(at);
        const kept = Math.max(0, Math.min(rest.length, this.maxPending - this.lines.length));
        this.deps.logger.error(
          { err, lines: rest.length, dropped: rest.length - kept },
          'request log lines not written; kept for the next write',
        );
        this.lines = rest.slice(rest.length - kept).concat(this.lines);
        return;
      }
    }
  }
}

type RequestLogRow = Prisma.RequestLogLineCreateManyInput;

// The lines as one JSON array (one parameter, whatever the chunk's size): a named statement (EngineDeps.sql),
// where Prisma's createMany took its client's work on every value of every line.
const INSERT_LINES = `
  INSERT INTO request_log (id, account_id, environment, api_key_id, created_at, request_id, method, rota, status, codigo,
    duration_ms, nota_id, lote_id, empresa_id)
  SELECT l.id, l."accountId", l.environment, l."apiKeyId", l."createdAt", l."requestId", l.method, l.rota, l.status, l.codigo,
    l."durationMs", l."notaId", l."loteId", l."empresaId"
  FROM jsonb_to_recordset($1::jsonb) AS l(id uuid, "accountId" uuid, environment "Environment", "apiKeyId" uuid, "createdAt" timestamptz,
    "requestId" text, method text, rota text, status int, codigo text, "durationMs" double precision, "notaId" uuid,
    "loteId" uuid, "empresaId" uuid)
  ON CONFLICT (id) DO NOTHING`;

const rowOf = (line: RequestLine): RequestLogRow => ({
  id: newId(),
  accountId: line.principal.accountId,
  environment: line.principal.environment,
  apiKeyId: line.principal.apiKeyId,
  createdAt: line.at,
  requestId: line.requestId,
  method: line.method,
  rota: line.rota,
  status: line.status,
  codigo: line.codigo,
  durationMs: Math.round(line.durationMs * 1000) / 1000,
  notaId: line.notaId,
  loteId: line.loteId,
  empresaId: line.empresaId,
});
