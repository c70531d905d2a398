// Child process of the service-level crash test: the composition root (createApp, as `fiscal-api serve` runs it,
// API + worker) on DATA_DIR, or on DATABASE_URL/REDIS_URL when set, from the environment. Prints one JSON line
// when listening. CHILD_PG_SCHEMA: PostgreSQL schema; CHILD_CLOCK_OFFSET_MS: the clock runs this far ahead (a
// restart "later"); CHILD_SEED=1: creates an account and a company and prints the test key and company id;
// CHILD_SLOW_MS: how long the simulator's processamento_lento holds each answer. CHILD_SEED=abrasf: the company is in
// Brasília (an ABRASF 2.04 city, with its municipal registration); the live key is printed too;
// CHILD_ABRASF_CENARIO: what the ABRASF simulator plays for that company's next call. CHILD_SEED=sao_paulo: the
// company is in São Paulo (CCM and the city's service code); CHILD_SAO_PAULO_CENARIO: what its simulator plays next.
import { parseConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/create-logger.js';
import { createApp } from '../../../src/create-app.js';
import { readPgliteTemplate } from '../pglite-template.js';
import { seedAccount } from '../seed.js';
import { simulatorSigner } from '../test-keys.js';

const offset = Number(process.env.CHILD_CLOCK_OFFSET_MS ?? 0);
const config = parseConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const app = await createApp({
  config,
  clock: { now: () => new Date(Date.now() + offset) },
  logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
  pgSchema: process.env.CHILD_PG_SCHEMA || undefined,
  simulatorSigner: simulatorSigner(),
  pgliteTemplate: readPgliteTemplate(),
  // Long enough that the killed process is still waiting for the (withheld) answer.
  nationalTimeoutMs: 60_000,
  ...(process.env.CHILD_SLOW_MS ? { simulatorDelays: { slowMs: Number(process.env.CHILD_SLOW_MS) } } : {}),
});
const url = await app.listen();
let seed = {};
if (process.env.CHILD_SEED) {
  const account = await seedAccount(app.engine);
  const abrasf = process.env.CHILD_SEED === 'abrasf';
  const saoPaulo = process.env.CHILD_SEED === 'sao_paulo';
  const company = await account.company(
    abrasf
      ? { municipio: '5300108', inscricao_municipal: '0712345600' }
      : saoPaulo
        ? {
            municipio: '3550308',
            inscricao_municipal: '31000000',
            padroes: { codigo_nacional: '010101', aliquota_iss: '2.90', nbs: '115021000', codigo_municipal: '02658' },
          }
        : {},
  );
  if (process.env.CHILD_ABRASF_CENARIO) app.abrasfSimulator.playNext(company.cnpj, process.env.CHILD_ABRASF_CENARIO);
  if (process.env.CHILD_SAO_PAULO_CENARIO) app.saoPauloSimulator.playNext(process.env.CHILD_SAO_PAULO_CENARIO);
  seed = {
    testKey: account.testKey,
    companyId: company.id,
    liveKey: account.liveKey,
  };
}
process.stdout.write(`${JSON.stringify({ url, ...seed })}\n`);
// The same drain as a stop by signal (SHUTDOWN_DRAIN_SECONDS, 0 under vitest), without its grace deadline.
process.once('SIGTERM', () => {
  void app.close({ drainMs: config.shutdownDrainSeconds * 1000 }).finally(() => process.exit(0));
});
