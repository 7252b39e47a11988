// `npm start` and the servers the tests and benchmarks start (test/server-process.ts) run with the same
// allocator settings: the benchmarks measure what production runs.
import fs from 'node:fs';
import { ALLOCATOR_ENV } from './allocator-env';

it('is set by npm start on its command line', () => {
  const manifest = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const settings = Object.entries(ALLOCATOR_ENV).map(([name, value]) => `${name}=${value}`);
  expect(manifest.scripts.start).toBe(`${settings.join(' ')} node --enable-source-maps dist/server.js`);
});
