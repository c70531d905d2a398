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
  const stop = async () => {
    await simulator.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return undefined;
}
