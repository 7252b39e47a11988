import { defineConfig } from 'vitest/config';

// The fault proofs (npm run test:faults): the real server as a child process on a scratch database
// of the local PostgreSQL (or TEST_DATABASE_URL's server). Not part of the api project's fast run;
// one file at a time, since each loads the two cores on its own.
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    globals: true,
    include: ['**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
