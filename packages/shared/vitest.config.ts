import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shared',
    globals: true,
    include: ['src/**/*.test.ts'],
    // Pure rules, no database: the longest property test takes about 4 s on a 2-core machine under
    // heavy load; one that needs more than 15 s is a problem to look at, not to wait for.
    testTimeout: 15_000,
  },
});
