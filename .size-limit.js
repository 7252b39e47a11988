// The storefront's first load (the home page, as a visitor), measured on the built app
// (apps/web/dist, `npm run build -w @comptoir/web`): the entry, the shop layout and the home route,
// with every chunk and stylesheet they import statically, read from Vite's manifest. Gzipped, as a
// browser downloads them. Run by `npm run size` (part of `npm test`); docs/performance.md explains the
// budget and what is above the goal.
import fs from 'node:fs';
import path from 'node:path';

const dist = path.join(import.meta.dirname, 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const FIRST_LOAD = ['index.html', 'src/app/layouts/shop-layout.tsx', 'src/app/routes/shop/home.tsx'];

const js = new Set();
const css = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
FIRST_LOAD.forEach(visit);

const inDist = (files) => [...files].map((file) => path.join('apps/web/dist', file));

export default [
  { name: 'Boutique, premier chargement : JavaScript', path: inDist(js), gzip: true, limit: '118 KB' },
  { name: 'Boutique, premier chargement : CSS', path: inDist(css), gzip: true, limit: '25 KB' },
];
