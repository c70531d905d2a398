import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { logContext } from './telemetry/log-context.js';

/** Secrets never reach the log: these paths are redacted wherever they appear. */
const REDACT = [
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'headers.authorization',
  'cookie',
  '*.cookie',
  'headers["x-api-key"]',
  '*.headers["x-api-key"]',
  'senha',
  '*.senha',
  'password',
  '*.password',
  'arquivo',
  '*.arquivo',
  'token',
  '*.token',
  'token_municipio',
  '*.token_municipio',
  'credenciais_provedor',
  '*.credenciais_provedor',
  'credenciaisProvedor',
  '*.credenciaisProvedor',
  'privateKeyPem',
  '*.privateKeyPem',
  'key',
  '*.key',
  'segredo',
  '*.segredo',
  'secret',
  '*.secret',
];

/**
 * The service's logger, the one Fastify logs through too. Each line carries the fields of the request or job it
 * was written in (log-context.ts); a request's own child logger already names its request, so the mixin leaves
 * `requestId` to it there. `destination` defaults to stderr: stdout carries the one JSON object each CLI command
 * prints.
 */
export function createLogger(level: string, destination: DestinationStream = pino.destination(2)): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: '[redacted]' },
      base: { service: 'fiscal-api' },
      mixin: (_merge, _level, logger) => {
        const fields = logContext.getStore();
        if (!fields) return {};
        return (logger as { [REQUEST_BOUND]?: true })[REQUEST_BOUND] ? withoutRequestId(fields) : fields;
      },
    },
    destination,
  );
}

/** Marks a request's child logger, whose bindings already hold `requestId`. */
export const REQUEST_BOUND = Symbol('request-bound');

function withoutRequestId(fields: Record<string, string>): Record<string, string> {
  const { requestId: _bound, ...rest } = fields;
  return rest;
}

/**
 * Fastify's child logger of a request: its bindings name the request (`requestId`), and it is marked so the
 * mixin does not name it again.
 */
export const requestChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const child = logger.child(bindings, options) as FastifyBaseLogger & { [REQUEST_BOUND]?: true };
  child[REQUEST_BOUND] = true;
  return child;
};
