import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/support/sequencer.js';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One graphql module for everything: Vite would otherwise load graphql's .mjs build for our code and Node
    // its .js build for Pothos and Yoga, and graphql refuses schemas from "another realm".
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 60_000,
    // Processes the tests stop skip the drain before closing (a test that needs it sets its own).
    env: { SHUTDOWN_DRAIN_SECONDS: '0' },
    hookTimeout: 120_000,
    // expect.poll waits for work in another process or a browser (a sign-in derives a scrypt key at N = 2^17):
    // 1 s, vitest's default, is less than such a step takes while the suite runs two files at once on two cores.
    expect: { poll: { timeout: 5_000 } },
    // fresh-modules: every file gets its own instance of our modules (see there). load-libxml2: tests call the
    // synchronous XML readers and the schema validation directly; the service loads libxml2 on first need.
    // use-fiscal-data-dir: the data directory the service would read.
    setupFiles: [
      'test/support/fresh-modules.ts',
      'test/support/load-libxml2.ts',
      'test/support/use-fiscal-data-dir.ts',
    ],
    // One migrated PGlite for the run; each embedded test app starts from a copy instead of initdb + migrations.
    // transpile-for-children: the child processes start from JavaScript instead of under tsx.
    globalSetup: ['test/support/pglite-template.ts', 'test/support/transpile-for-children.ts'],
    pool: 'forks',
    // PGlite instances are memory-hungry and the machine has 2 cores.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    // A worker process serves file after file, keeping node_modules loaded (about 3 s of CPU per file here).
    isolate: false,
  },
});
