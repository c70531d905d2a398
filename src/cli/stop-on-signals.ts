import type { Logger } from 'pino';

export interface Stoppable {
  close(options?: { graceMs?: number; drainMs?: number }): Promise<void>;
}

/**
 * The first SIGTERM or SIGINT stops the process gracefully: first `drainMs` of serving while /readyz says 503 and
 * every answer closes its connection, then no new requests or jobs, those in flight get up to
 * `graceMs`, then it exits 0 (1 if closing failed). A second signal exits at once, for an operator who will not
 * wait. An orchestrator's kill timeout should exceed the grace period, or jobs still held then wait for their
 * lease instead of being released.
 */
export function stopOnSignals(
  app: Stoppable,
  {
    graceMs,
    drainMs = 0,
    logger,
    exit = (code: number) => process.exit(code),
  }: { graceMs: number; drainMs?: number; logger: Logger; exit?: (code: number) => void },
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    logger.info({ signal, graceMs, drainMs }, 'stopping: draining, then finishing requests and jobs in flight');
    const started = Date.now();
    app.close({ graceMs, drainMs }).then(
      () => {
        logger.info({ ms: Date.now() - started }, 'stopped');
        exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'stop failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
