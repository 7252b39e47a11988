// npm start: configuration → database (migrated, demo data, first admin) → app → listen. With
// WORKERS=N (PostgreSQL only), this process forks N server processes sharing the port and restarts
// any that dies once serving (docs/architecture/database.md, Several server processes).
import cluster from 'node:cluster';
import v8 from 'node:v8';
import { openDatabase } from '@comptoir/db/client';
import { scheduleMaintenance, type MaintenanceSchedule } from '@comptoir/db/maintenance';
import { buildApp } from './app';
import { openSnapshotChannel, type SnapshotChannel } from './backup/channel';
import { prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';

const print = (line: string) => console.log(`[comptoir] ${line}`);

// Under load V8 let the heap grow to about four times what survived its last full collection before
// collecting again: 65 MB of live objects held 270 MB of heap, and the RSS went from 180 to 360 MB
// in a minute. Growing by 30 % at most keeps it near 120 MB for the same work
// (docs/performance/memory.md). A value given on the command line wins.
const HEAP_GROWING_PERCENT = 30;
if (!process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent/.test(arg)))
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

async function serve(config: Config) {
  const handle = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize }
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
  let maintenance: MaintenanceSchedule | undefined;
  let backups: SnapshotChannel | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    print(`${signal} reçu : arrêt`);
    try {
      await backups?.close();
      await app?.close();
      await maintenance?.stop();
    } finally {
      // PGlite must be closed to flush its files and release the folder's lock.
      await handle.close();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // A server process whose supervisor is gone (killed without its signal) must not serve alone.
  if (cluster.isWorker) process.once('disconnect', () => void shutdown('disconnect'));

  try {
    await prepareDatabase(handle, config, print);
    app = await buildApp({ config, db: handle.db, listenForChanges: handle.listenForChanges });
    await app.listen({ port: config.port, host: config.host });
    // The embedded database is this process's alone: `npm run backup` asks it for a copy.
    if (handle.snapshot) {
      const snapshot = handle.snapshot;
      backups = await openSnapshotChannel(config.dataDir, () => snapshot()).catch((error: unknown) => {
        console.error(
          `[comptoir] canal de sauvegarde indisponible (npm run backup devra arrêter le serveur) : ${(error as Error).message}`,
        );
        return undefined;
      });
    }
    if (handle.kind === 'pglite')
      maintenance = scheduleMaintenance(handle.db, {
        intervalMs: config.pgliteMaintenanceMs,
        onWork: (work) =>
          print(
            `entretien de la base embarquée : ${work.map(({ table, vacuum }) => `${table} (${vacuum ? 'vacuum, analyze' : 'analyze'})`).join(', ')}`,
          ),
        onError: (error) =>
          console.error(
            `[comptoir] entretien de la base embarquée (vacuum, analyze) en échec : ${error instanceof Error ? error.message : String(error)}`,
          ),
      });
    const worker = cluster.isWorker ? ` (processus ${process.pid})` : '';
    print(
      `Prêt sur http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}${worker} (documentation : /docs)`,
    );
  } catch (error) {
    await backups?.close();
    await maintenance?.stop();
    await app?.close().catch(() => {});
    await handle.close().catch(() => {});
    throw error;
  }
}

/**
 * The supervisor of WORKERS server processes: they share its port (the cluster module hands each new
 * connection to one of them in turn). One that dies after it served is started again; one that dies
 * before (the database unreachable, a bad setting) stops everything, so that the supervisor's own
 * supervisor sees the failure instead of a restart loop. SIGINT and SIGTERM go to every process,
 * which then closes as a lone server does.
 */
function superviseWorkers(count: number) {
  print(`${count} processus serveurs (WORKERS=${count})`);
  const serving = new Set<number>();
  let stopping = false;
  cluster.on('listening', (worker) => serving.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    const hadServed = serving.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (!hadServed) {
      console.error(
        `[comptoir] processus ${worker.process.pid} arrêté au démarrage (${signal ?? code}) : arrêt`,
      );
      stop('SIGTERM', 1);
      return;
    }
    print(`processus ${worker.process.pid} arrêté (${signal ?? code}) : relancé`);
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals, exitCode = 0) => {
    stopping = true;
    process.exitCode = exitCode;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill(signal);
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < count; i++) cluster.fork();
}

async function main() {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) superviseWorkers(config.workers);
  else await serve(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `[comptoir] ${error.message}` : error);
  process.exit(1);
});
