/**
 * A batched write of the request log or of the usage counts (src/engine/contas/request-log.ts): it runs on its own
 * interval, whichever request happens to be in flight, so statement-count tests leave it out of a request's count.
 */
export const isRequestLogWrite = (sql: string): boolean =>
  /^\s*INSERT INTO\s+("[^"]+"\.)?"?(request_log|usage_counters)\b/i.test(sql);
