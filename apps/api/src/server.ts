// npm start: configuration → database (migrated, demo data, first admin) → app → listen.
import v8 from 'node:v8';
import { openDatabase } from '@comptoir/db/client';
import { buildApp } from './app';
import { prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig } from './config';

const print = (line: string) => console.log(`[comptoir] ${line}`);

// Under load V8 let the heap grow to about four times what survived its last full collection before
// collecting again: 65 MB of live objects held 270 MB of heap, and the RSS went from 180 to 360 MB
// in a minute. Growing by 30 % at most keeps it near 120 MB for the same work (docs/performance.md,
// Memory). A value given on the command line wins.
const HEAP_GROWING_PERCENT = 30;
if (!process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent/.test(arg)))
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : {
          dataDir: config.pgliteDir,
          thread: config.pgliteThread,
          // Nothing can be served without the database: stop, so that the supervisor restarts the server.
          onThreadFailure: (error) => {
            console.error(`[comptoir] base embarquée arrêtée : ${error.message}`);
            process.exit(1);
          },
        },
  );
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    print(`${signal} reçu : arrêt`);
    try {
      await app?.close();
    } finally {
      // PGlite must be closed to flush its files and release the folder's lock.
      await handle.close();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await prepareDatabase(handle, config, print);
    app = await buildApp({ config, db: handle.db, listenForChanges: handle.listenForChanges });
    await app.listen({ port: config.port, host: config.host });
    print(
      `Prêt sur http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (documentation : /docs)`,
    );
  } catch (error) {
    await app?.close().catch(() => {});
    await handle.close().catch(() => {});
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `[comptoir] ${error.message}` : error);
  process.exit(1);
});
