import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are memory-hungry and the machine has 2 cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});
