// The server compiled for production: src/server.ts and the workspace packages it imports
// (@comptoir/shared, @comptoir/db) bundled into dist/server.js, plain JavaScript that Node runs
// without a transpiler. npm packages stay outside the bundle and load from node_modules as usual.
import { build, type Plugin } from 'esbuild';

const npmPackagesOutside: Plugin = {
  name: 'npm-packages-outside',
  setup(builder) {
    // A bare import ('fastify', 'node:fs', 'drizzle-orm/pg-core') that is not one of our workspaces.
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@comptoir/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  absWorkingDir: import.meta.dirname,
  // The embedded database's worker thread has its own script, beside the server (packages/db/src/pglite-remote.ts).
  entryPoints: {
    server: 'src/server.ts',
    'pglite-thread': '../../packages/db/src/pglite-thread.ts',
    // The search index of a large catalogue is built on a thread of its own (search-index-build.ts).
    'search-index-thread': 'src/modules/search/search-index-thread.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [npmPackagesOutside],
});
