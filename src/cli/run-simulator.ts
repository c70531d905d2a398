import { join } from 'node:path';
import type { Config } from '../config.js';
import { useFiscalDataDir } from '../engine/tabelas/fiscal-data-dir.js';
import { createSimulator, SEFAZ_NFE_PATH } from '../simulator/nacional/create-simulator.js';

/**
 * `fiscal-api simulator`: the national-system simulator as a process of its own (state kept in DATA_DIR), also
 * serving the simulated NF-e authorities; `sefaz` is the value for SEFAZ_URL_TEST / SEFAZ_URL_LIVE.
 */
export async function runSimulator(config: Config, port = 8090): Promise<undefined> {
  useFiscalDataDir(config.fiscalDataDir);
  const simulator = createSimulator({ stateDir: join(config.dataDir, 'simulador') });
  const url = await simulator.listen(port, config.host === '0.0.0.0' ? '127.0.0.1' : config.host);
  process.stdout.write(`${JSON.stringify({ simulador: url, sefaz: `${url}${SEFAZ_NFE_PATH}` })}\n`);
  // A signal handler cannot wait: the close settles here, and a close that fails still ends the process (exit 1,
  // the error on stderr) rather than leaving a half-closed simulator running.
  const stop = () => {
    simulator.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return undefined;
}
