// Where the repository's own files are, whether this code runs from its TypeScript sources or from
// the server's compiled bundle (apps/api/dist): both sit inside the repository, so the root is the
// nearest folder above whose package.json declares the workspaces.
import fs from 'node:fs';
import path from 'node:path';

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && 'workspaces' in JSON.parse(fs.readFileSync(manifest, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No repository root above ${from}`);
  }
}

export const repoRoot = findRepoRoot(import.meta.dirname);
export const migrationsFolder = path.join(repoRoot, 'packages/db/migrations');
