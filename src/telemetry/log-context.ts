import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The fields every log line written inside a unit of work carries: a request's `requestId`, a job's `jobId` and
 * note id, and the `traceId` where tracing is on. The engine logs through one process-wide logger, so a line
 * written deep in a request learns which request it belongs to from here (the logger's mixin), not from its caller.
 */
export const logContext = new AsyncLocalStorage<Record<string, string>>();
