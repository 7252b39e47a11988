import { defineConfig } from 'vitest/config';

// Browser tests: one real server on a fresh data folder (globalSetup), Debian's Chromium driven by
// playwright-core. Files run one after another: they share the server and two CPU cores.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a page shows after a request comes within seconds on a busy machine, not vitest's 1 s.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
