// The embedded database in a thread of its own (docs/architecture/database.md, "PGlite and the event loop"):
// this script runs in a worker thread, opens PGlite there and runs the statements the main thread
// sends (pglite-remote.ts), so that PostgreSQL's work no longer stops the main thread's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { nameStatements } from './pglite-named';
import { pgliteOptions } from './pglite-options';
import { snapshotPglite } from './pglite-snapshot';
import type { Request, Response } from './pglite-remote';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string };

/** A transaction the main thread has open: its handle, and how to end it (true: commit). */
interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  ended: Promise<unknown>;
}

/** Thrown inside PGlite's transaction callback to have it roll back. */
const ROLLBACK = Symbol('rollback');

const identityParsers = (oids: number[] | undefined) =>
  oids && Object.fromEntries(oids.map((oid) => [oid, (value: string) => value]));

/** A PostgreSQL error as plain data: its message and fields (code, constraint, detail…). */
function errorData(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { ...fields, name: error.name, message: error.message };
}

async function main() {
  const db = nameStatements(await PGlite.create(dataDir, pgliteOptions));
  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<string, () => Promise<void>>();
  let nextTransaction = 1;

  const reply = (response: Response) => port.postMessage(response);
  const runner = (txId: number | undefined) => {
    if (txId === undefined) return db;
    const open = transactions.get(txId);
    if (!open) throw new Error('Transaction terminée');
    return open.tx;
  };

  async function handle(request: Request): Promise<unknown> {
    switch (request.type) {
      case 'query':
        return runner(request.tx).query(request.sql, request.params, {
          rowMode: request.rowMode,
          parsers: identityParsers(request.identityParsers),
        });
      case 'exec':
        return runner(request.tx).exec(request.sql);
      case 'begin': {
        const txId = nextTransaction++;
        return new Promise<number>((started, failed) => {
          let end!: (commit: boolean) => void;
          const decided = new Promise<boolean>((resolve) => (end = resolve));
          const ended = db
            .transaction(async (tx) => {
              transactions.set(txId, { tx, end, ended });
              started(txId);
              if (!(await decided)) throw ROLLBACK;
            })
            .catch((error: unknown) => {
              if (error !== ROLLBACK) throw error;
            })
            .finally(() => transactions.delete(txId));
          // A transaction that could not even begin.
          ended.catch(failed);
        });
      }
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('Transaction terminée');
        open.end(request.commit);
        return open.ended.then(() => null);
      }
      case 'listen': {
        if (!listeners.has(request.channel))
          listeners.set(
            request.channel,
            await db.listen(request.channel, (payload) =>
              reply({ type: 'notification', channel: request.channel, payload }),
            ),
          );
        return null;
      }
      case 'unlisten': {
        await listeners.get(request.channel)?.();
        listeners.delete(request.channel);
        return null;
      }
      case 'snapshot':
        return snapshotPglite(db);
      case 'close':
        await db.close();
        return null;
    }
  }

  port.on('message', (request: Request) => {
    handle(request).then(
      (result) =>
        // A snapshot's bytes are handed over rather than copied.
        result instanceof Uint8Array
          ? port.postMessage({ type: 'result', id: request.id, result }, [result.buffer as ArrayBuffer])
          : reply({ type: 'result', id: request.id, result }),
      (error: unknown) => reply({ type: 'error', id: request.id, error: errorData(error) }),
    );
  });
  reply({ type: 'ready' });
}

main().catch((error: unknown) => port.postMessage({ type: 'failed', error: errorData(error) }));
