import pino, { type Logger } from 'pino';

/** Secrets never reach the log: these paths are redacted wherever they appear. */
const REDACT = [
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'headers.authorization',
  'senha',
  '*.senha',
  'arquivo',
  '*.arquivo',
  'token_municipio',
  '*.token_municipio',
  'privateKeyPem',
  '*.privateKeyPem',
  'key',
  '*.key',
  'segredo',
  '*.segredo',
];

export function createLogger(level: string): Logger {
  // stderr: stdout carries the one JSON object each CLI command prints.
  return pino(
    { level, redact: { paths: REDACT, censor: '[redacted]' }, base: { service: 'fiscal-api' } },
    pino.destination(2),
  );
}
