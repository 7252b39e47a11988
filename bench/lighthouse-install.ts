// Lighthouse and Chrome's launcher weigh 170 MB in some 160 packages that only the Lighthouse benchmark
// uses: they are not in the repository's workspaces (so `npm ci` stays lighter) but in bench/lighthouse/,
// pinned by its own lockfile and installed there with `npm ci` the first time `npm run bench --
// lighthouse` runs, and again whenever that lockfile changes. Lighthouse drives Debian's Chromium:
// nothing downloads a browser.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
/** bench/lighthouse/lighthouse.ts's entry point. */
export type RunLighthouse = (options: {
  resultsDir: string;
  /** Suffix of the result files' name: lighthouse-<date>-<label>. */
  label?: string;
  log: (line: string) => void;
}) => Promise<void>;

const folder = path.join(import.meta.dirname, 'lighthouse');
const lockfile = path.join(folder, 'package-lock.json');
/** What npm ci leaves behind: a copy of the lockfile it installed. */
const installed = path.join(folder, 'node_modules', '.package-lock.json');

function upToDate(): boolean {
  if (!fs.existsSync(installed)) return false;
  const wanted = JSON.parse(fs.readFileSync(lockfile, 'utf8')) as { packages: Record<string, unknown> };
  const has = JSON.parse(fs.readFileSync(installed, 'utf8')) as { packages: Record<string, unknown> };
  const versions = (packages: Record<string, unknown>) =>
    JSON.stringify(
      Object.entries(packages)
        .filter(([key]) => key !== '')
        .map(([key, value]) => [key, (value as { version?: string }).version])
        .sort(),
    );
  return versions(wanted.packages) === versions(has.packages);
}

/** Installs this folder's packages when missing or not those of its lockfile, then loads the benchmark. */
export async function loadLighthouse(log: (line: string) => void): Promise<RunLighthouse> {
  if (!upToDate()) {
    log('Installation de Lighthouse et de chrome-launcher (bench/lighthouse, npm ci)…');
    const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
    if (npm.status !== 0) throw new Error(`npm ci dans ${folder} a échoué (${npm.status ?? npm.signal})`);
  }
  // A specifier TypeScript does not follow: the root typecheck leaves bench/lighthouse/ out (its
  // packages may not be installed); bench/lighthouse/tsconfig.json checks it once they are.
  const module = './lighthouse/lighthouse.ts';
  return ((await import(module)) as { runLighthouse: RunLighthouse }).runLighthouse;
}
