import { vi } from 'vitest';

// The workers run one test file after another in the same process (isolate: false in vitest.config.ts), which
// spares each file a fresh Node and the import of every dependency (Prisma, GraphQL, Fastify, exceljs…). Our
// own modules start afresh for every file all the same: src/ keeps state in module scope (caches, counters)
// that one file must not see from another. Listed first in setupFiles, so even the other setup files rerun.
vi.resetModules();
