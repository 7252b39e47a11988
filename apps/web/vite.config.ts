import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';
import { precompress } from './precompress';

// In development the API runs apart (port 3000 by default, API_URL to change it): Vite forwards the API
// paths to it so that the browser sees one origin, as in production where Fastify serves dist/.
const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';
const apiPaths = [
  // JSON APIs
  '^/(auth|admin|service|catalogue|submenu|simplemenu|rest|tag|logos|images)(/|$)',
  // Back-office endpoints that share the page prefix /openweb/admin/ (form POSTs and lists; a page
  // navigation to the same path, e.g. admin_commandeValideReglement?id=…, still gets the app)
  '^/openweb/admin/(admin_liste|admin_commandeEdite|admin_commandeValideReglement)(\\?|/|$)',
  // Operations
  '^/(docs|healthz)(/|$)',
];

// Some page URLs share a prefix with the API (/catalogue/GO is a page, /catalogue/categories an API):
// a browser navigation (GET asking for HTML) stays with Vite, which serves the app.
const bypassPageNavigation = (req: IncomingMessage) =>
  req.method === 'GET' && req.headers.accept?.includes('text/html') && !req.url?.startsWith('/docs')
    ? '/index.html'
    : undefined;

// `vite build --ssr`: the server's renderer (src/entry-server.tsx) into dist-ssr/, run by the API with
// Node (apps/api/src/plugins/web.ts). npm packages stay outside it; the workspace's are bundled.
const ssrBuild = {
  plugins: [react()],
  ssr: { noExternal: [/^@comptoir\//] },
  build: {
    outDir: 'dist-ssr',
    copyPublicDir: false,
    emptyOutDir: true,
    target: 'node20',
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        plugins: [react(), precompress()],
        server: {
          port: 5173,
          proxy: Object.fromEntries(
            apiPaths.map((path) => [path, { target: API_TARGET, bypass: bypassPageNavigation }]),
          ),
        },
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          // The app is only served to current browsers (no legacy build).
          target: 'es2022',
          chunkSizeWarningLimit: 600,
          // dist/.vite/manifest.json: which chunks each page needs (the size budget, .size-limit.js, reads it).
          manifest: true,
          rolldownOptions: {
            output: {
              // Libraries change less often than the app: separate chunks stay cached across deployments.
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                    priority: 2,
                  },
                  { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
                ],
              },
            },
          },
        },
      },
);
