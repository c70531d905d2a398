// Runs `prisma generate` (Prisma Client and the Pothos types). The Prisma CLI refuses to start without a
// schema-engine binary, which it cannot download offline; generate does not use it, so any existing file
// satisfies the check.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
const result = spawnSync('npx', ['prisma', 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
