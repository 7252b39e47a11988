import { defineConfig } from 'vitest/config';

// Two API servers on one PostgreSQL database behind Debian's nginx (npm run test:cluster). Its own
// project: it needs PostgreSQL and nginx, neither of which the other suites need, and it starts its
// processes itself (e2e/cluster/support/cluster.ts).
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['**/*.cluster.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
