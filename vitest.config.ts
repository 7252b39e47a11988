import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/db', 'apps/api', 'apps/web', 'tools'],
    // Vitest's default (one worker fewer than cores) is a single worker on CI's 2 cores, with its main
    // process idle and PostgreSQL (test:api) on the same cores: two files at a time keep both busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
