import type { Config } from '../config.js';
import { bootstrapDemo } from '../engine/demo/bootstrap-demo.js';
import { createApp, type Role } from '../create-app.js';

/** Runs until SIGINT/SIGTERM; prints one JSON line when ready (with the demo credentials on first start). */
export async function serve(config: Config, role: Role): Promise<undefined> {
  if (!['api', 'worker', 'all'].includes(role)) throw new Error('--role must be api, worker or all');
  const app = await createApp({ config, role });
  const demo = config.databaseUrl ? null : await bootstrapDemo(app.engine);
  const url = await app.listen();
  process.stdout.write(`${JSON.stringify({ servindo: url || null, papel: role, banco: app.database.kind, ...(demo ? { demo } : {}) })}\n`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return undefined;
}
