import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/db', 'apps/api', 'apps/web', 'tools'],
  },
});
