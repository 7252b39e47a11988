// The storefront's first load (the home page, as a visitor), measured on the built app
// (apps/web/dist, `npm run build -w @comptoir/web`): the entry, the shop layout and the home route,
// with every chunk and stylesheet they import statically, read from Vite's manifest. Gzipped, as a
// browser downloads them. Also the JavaScript of a category and a product page opened first (entry,
// layout and page), which load no zod (apps/web/src/app/zod-free-pages.test.ts). Run by `npm run
// size` (part of `npm test`); docs/performance/first-load.md explains the budgets and what is above the goal.
import fs from 'node:fs';
import path from 'node:path';

const dist = path.join(import.meta.dirname, 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const SHOP = ['index.html', 'src/app/layouts/shop-layout.tsx'];

/** The files a page opened first loads: its modules' chunks and stylesheets, and those they import. */
function pageLoad(modules) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  const inDist = (files) => [...files].map((file) => path.join('apps/web/dist', file));
  return { js: inDist(js), css: inDist(css) };
}

const home = pageLoad([...SHOP, 'src/app/routes/shop/home.tsx']);
const category = pageLoad([...SHOP, 'src/app/routes/shop/category.tsx']);
const product = pageLoad([...SHOP, 'src/app/routes/shop/product.tsx']);

export default [
  { name: 'Boutique, premier chargement : JavaScript', path: home.js, gzip: true, limit: '120 KB' },
  { name: 'Boutique, premier chargement : CSS', path: home.css, gzip: true, limit: '25 KB' },
  {
    name: 'Page catégorie ouverte en premier : JavaScript',
    path: category.js,
    gzip: true,
    limit: '156 KB',
  },
  { name: 'Page article ouverte en premier : JavaScript', path: product.js, gzip: true, limit: '177 KB' },
];
