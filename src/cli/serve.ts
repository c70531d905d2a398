import type { Config } from '../config.js';
import { bootstrapDemo } from '../engine/demo/bootstrap-demo.js';
import { createApp, type Role } from '../create-app.js';
import { createLogger } from '../create-logger.js';
import { stopOnSignals } from './stop-on-signals.js';

/**
 * Runs until SIGINT/SIGTERM, then stops within SHUTDOWN_GRACE_SECONDS; prints one JSON line when ready (with the
 * demo credentials on first start).
 */
export async function serve(config: Config, role: Role): Promise<undefined> {
  if (!['api', 'worker', 'all'].includes(role)) throw new Error('--role must be api, worker or all');
  const logger = createLogger(config.logLevel);
  const app = await createApp({ config, role, logger });
  const demo = config.databaseUrl ? null : await bootstrapDemo(app.engine);
  const url = await app.listen();
  // The panel's address is known only once listening.
  const shown = demo && {
    ...demo,
    painel: { url: `${url}${demo.painel.caminho}`, email: demo.painel.email, senha: demo.painel.senha },
  };
  process.stdout.write(
    `${JSON.stringify({ servindo: url || null, papel: role, banco: app.database.kind, ...(shown ? { demo: shown } : {}) })}\n`,
  );
  stopOnSignals(app, {
    graceMs: config.shutdownGraceSeconds * 1000,
    drainMs: config.shutdownDrainSeconds * 1000,
    logger,
  });
  return undefined;
}
