import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    globals: true,
    include: ['src/**/*.test.ts'],
    // The fault proofs have their own run (npm run test:faults, src/faults/vitest.config.ts).
    exclude: [...configDefaults.exclude, 'src/faults/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
