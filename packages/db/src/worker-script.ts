// A worker thread's script as the server finds it: compiled beside the server (dist/, where `npm start`
// runs it), or else its TypeScript source beside the caller, run through tsx (tests, `tsx` scripts).
import fs from 'node:fs';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker `name` (a script of that name, `.js` or `.ts`, in the caller's folder): `from`
 * is the caller's import.meta.url, the bundle's own once compiled.
 */
export function startWorkerScript(name: string, from: string, options: WorkerOptions = {}): Worker {
  const compiled = new URL(`./${name}.js`, from);
  if (fs.existsSync(compiled)) return new Worker(compiled, options);
  const source = new URL(`./${name}.ts`, from).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(bootstrap, { ...options, eval: true });
}
