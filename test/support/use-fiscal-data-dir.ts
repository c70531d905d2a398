import { resolveFiscalDataDir, useFiscalDataDir } from '../../src/engine/tabelas/fiscal-data-dir.js';

// Tests that read tables or schemas without starting the service use the data directory the service would.
useFiscalDataDir(resolveFiscalDataDir(process.env.FISCAL_DATA_DIR));
