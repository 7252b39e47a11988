// One client factory: PGlite in a data folder (the embedded default) or node-postgres when a
// DATABASE_URL is given. Nothing else in the code base knows which one runs.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { migrationsFolder } from './paths';
import { pgliteOptions } from './pglite-options';
import { nameStatements } from './pglite-named';
import { prepareStatements, statementNames } from './prepared-statements';
import { RemotePglite } from './pglite-remote';
import { takeTurns } from './pglite-turns';
import { snapshotPglite } from './pglite-snapshot';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a transaction callback receives; repositories accept either. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs work under the same name on this database (PostgreSQL: a
   * session advisory lock; PGlite: one process holds the folder anyway).
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /**
   * Hears the commits that wrote the tables cached answers are built from (the triggers of
   * migration 0005 send each table's name on CHANGES_CHANNEL, at commit; the orders' also name the
   * orders touched, after a tab: migration 0027). `listener` gets the notification's payload, or null
   * when changes may have been missed: the listening connection was (re)made, so whatever was cached
   * before must go.
   */
  listenForChanges(listener: (payload: string | null) => void): Promise<ChangeSubscription>;
  /**
   * PGlite only: a tarball of its data folder holding every committed transaction (backups,
   * pglite-snapshot.ts). PostgreSQL is copied with pg_dump instead.
   */
  snapshot?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface ChangeSubscription {
  /** False while changes cannot be heard (the connection is being remade): cache nothing then. */
  live(): boolean;
  stop(): Promise<void>;
}

export const CHANGES_CHANNEL = 'comptoir_changes';
/** Wait before remaking a lost listening connection. */
const RELISTEN_DELAY_MS = 1000;

/** Connections a process opens at most to a PostgreSQL server, unless told otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * Opens the database: node-postgres on `databaseUrl` when given, otherwise PGlite in `dataDir`
 * (in memory when dataDir is 'memory://'). A lock file keeps a second process out of a PGlite folder.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** Connections opened at most to databaseUrl (DEFAULT_POOL_SIZE by default). */
  poolSize?: number;
  dataDir?: string;
  /** PGlite in a worker thread of its own (pglite-remote.ts) rather than on the main thread. */
  thread?: boolean;
  /** What to do when PGlite's thread dies (the database is unusable from then on); default: throw. */
  onThreadFailure?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
    });
    // A connection the server ends (restart, failover, pg_terminate_backend) emits 'error' on its
    // client, idle or checked out between two queries of a transaction; unheard, that error kills the
    // process. Heard here, the pending query fails (a 500 for its request) and the pool replaces the
    // connection on the next query.
    const nameOf = statementNames();
    pool.on('connect', (client) => {
      prepareStatements(client, nameOf);
      let lost = false;
      client.on('error', (error) => {
        if (!lost) console.error(`PostgreSQL : connexion perdue (${error.message})`);
        lost = true;
      });
    });
    // The pool repeats an idle client's error here, already logged above; it must still be heard.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    // drizzle's pooled transaction sends BEGIN before the try/finally that releases its client: a
    // BEGIN that fails (a connection the server ended while it sat idle in the pool) keeps the client
    // checked out for good, and once all ten are gone every request waits forever. So each
    // transaction, like each onOneConnection, takes its client here and always gives it back; drizzle
    // runs on that one client (one drizzle instance per pooled client, made once).
    const onClient = new WeakMap<pg.PoolClient, Database>();
    const onConnection = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        let clientDb = onClient.get(client);
        if (!clientDb) {
          clientDb = drizzlePg({ client: oneQueryAtATime(client), schema }) as unknown as Database;
          onClient.set(client, clientDb);
          pooledDatabase.set(clientDb, db);
        }
        return await work(clientDb);
      } finally {
        // A client whose connection was lost is not queryable any more: the pool drops it.
        client.release();
      }
    };
    db.transaction = ((transaction, config) =>
      onConnection((clientDb) => clientDb.transaction(transaction, config))) as Database['transaction'];
    oneConnectionOf.set(db, onConnection);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      exclusively: async (name, work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(hashtext($1))', [name]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
          }
        } finally {
          client.release();
        }
      },
      listenForChanges: (listener) => listenOnServer(options.databaseUrl!, listener),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  const releaseLock = dataDir.startsWith('memory://') ? () => {} : takeLock(dataDir);
  try {
    if (options.thread && !dataDir.startsWith('memory://'))
      return fromPglite(
        await RemotePglite.start(
          dataDir,
          options.onThreadFailure ??
            ((error) => {
              throw error;
            }),
        ),
        releaseLock,
      );
    const client = await PGlite.create(dataDir, pgliteOptions);
    return fromPglite(client, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Wraps an existing PGlite instance (tests clone a migrated in-memory template). */
export function fromPglite(client: PGlite | RemotePglite, onClose: () => void = () => {}): DatabaseHandle {
  // On the main thread its statements take turns with the event loop; on its own thread they need not.
  const driven = client instanceof PGlite ? takeTurns(nameStatements(client)) : (client as unknown as PGlite);
  const db = drizzlePglite({ client: driven, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    exclusively: (_name, work) => work(),
    // One process holds the database: its notifications arrive on its one connection.
    listenForChanges: async (listener) => {
      const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => listener(payload || null));
      // Closing the database ends the listening too: stopping afterwards has nothing left to do.
      return { live: () => true, stop: () => (client.closed ? Promise.resolve() : unlisten()) };
    },
    snapshot: () => (client instanceof PGlite ? snapshotPglite(client) : client.snapshot()),
    close: async () => {
      await client.close();
      onClose();
    },
  };
}

/**
 * A connection of its own that LISTENs on CHANGES_CHANNEL. When it is lost (server restart,
 * failover, terminated backend) the subscription is not live until a new connection listens again;
 * then the listener hears null, because changes committed in between were not heard.
 */
async function listenOnServer(
  connectionString: string,
  listener: (payload: string | null) => void,
): Promise<ChangeSubscription> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) listener(message.payload || null);
    });
    // Heard so that it cannot kill the process; 'end' follows and schedules the new connection.
    client.on('error', () => {});
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      if (!stopped) retry = setTimeout(relisten, RELISTEN_DELAY_MS);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) return void (await client.end().catch(() => {}));
    current = client;
    listener(null);
  };
  const relisten = () => {
    connect().catch(() => {
      if (!stopped) retry = setTimeout(relisten, RELISTEN_DELAY_MS);
    });
  };
  await connect().catch(() => relisten());
  return {
    live: () => current !== null,
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}

function takeLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(path.dirname(path.resolve(dataDir)), `.${path.basename(dataDir)}.lock`);
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`La base ${dataDir} est déjà ouverte par le processus ${holder} (${lockFile}).`);
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A held client (a transaction's, or onOneConnection's) that sends its queries one after the other.
 * Services read in parallel (Promise.all) whatever they are given; on the pool each read takes its own
 * connection, but a held client is one, on which node-postgres queues concurrent queries itself, a
 * use it deprecates (refused from pg 9). The queue is kept here: the same order, made explicit.
 * drizzle calls only `query` on such a client.
 */
function oneQueryAtATime(client: pg.PoolClient): pg.PoolClient {
  let previous: Promise<unknown> = Promise.resolve();
  const query = (...args: unknown[]) => {
    const run = previous.then(() => (client.query as (...a: unknown[]) => Promise<unknown>)(...args));
    previous = run.then(
      () => {},
      () => {},
    );
    return run;
  };
  return { query } as unknown as pg.PoolClient;
}

const oneConnectionOf = new WeakMap<DbOrTx, <T>(work: (db: Database) => Promise<T>) => Promise<T>>();
/** The pool's Database of a drizzle instance made on one of its connections. */
const pooledDatabase = new WeakMap<DbOrTx, Database>();

/**
 * Runs `work` with statements sent one after the other on one pooled connection, taken once. Under
 * load each statement sent on the pool waits its turn for a connection; a request that writes and then
 * reads back (a cart line, then the cart) waits once this way instead of once a statement. The
 * connection is held for the whole of `work`: only database work belongs in it, never a call to
 * another service, and nothing in it may wait for another pooled connection (were every connection
 * held so, none would come back; the answer cache never makes such a request wait for another's
 * load). On PGlite, or given a transaction, `work` runs on `db` itself.
 */
export function onOneConnection<D extends DbOrTx, T>(db: D, work: (db: D) => Promise<T>): Promise<T> {
  const onConnection = oneConnectionOf.get(db);
  // The pool's Database gives a Database on one of its connections: the same type as `db`.
  return onConnection ? onConnection(work as (db: Database) => Promise<T>) : work(db);
}

/**
 * The Database that `db` stands for: the pool's for the connection onOneConnection gave, `db` itself
 * otherwise (a transaction stays a transaction).
 */
export const databaseOf = (db: DbOrTx): DbOrTx => pooledDatabase.get(db) ?? db;

/** Runs raw SQL and returns its rows, the same on PGlite and node-postgres. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Whether `db` runs on the embedded PGlite (one connection: a transaction holds it whole). */
export const isEmbedded = (db: DbOrTx): boolean => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite || client instanceof RemotePglite;
};
