import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded default has no MASTER_KEY: one is generated once into DATA_DIR (mode 0600) and reused, so
 * secrets sealed by an earlier start still open. Production passes MASTER_KEY instead.
 */
export function loadOrCreateMasterKey(dataDir: string): Buffer {
  const path = join(dataDir, 'master.key');
  if (existsSync(path)) {
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
    if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte hex key`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return key;
}
