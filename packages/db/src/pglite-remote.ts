// The main thread's side of the embedded database run in a worker thread (pglite-thread.ts): the
// part of PGlite's client that drizzle and the server use (query, exec, transaction, listen, close),
// each call a message to the thread. The statements run on the thread; the main thread's event loop
// keeps serving requests meanwhile (docs/architecture/database.md, "PGlite and the event loop").
import type { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { startWorkerScript } from './worker-script';

export type Request = { id: number } & (
  | {
      type: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** The type OIDs whose values come back as PostgreSQL's text (drizzle parses them itself). */
      identityParsers?: number[];
      tx?: number;
    }
  | { type: 'exec'; sql: string; tx?: number }
  | { type: 'begin' }
  | { type: 'end'; tx: number; commit: boolean }
  | { type: 'listen'; channel: string }
  | { type: 'unlisten'; channel: string }
  | { type: 'snapshot' }
  | { type: 'close' }
);

/** A request before it gets its id (Omit distributed over the union). */
type Unsent = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

export type Response =
  | { type: 'ready' }
  | { type: 'failed'; error: Record<string, unknown> }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: Record<string, unknown> }
  | { type: 'notification'; channel: string; payload: string };

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** What a query or a transaction's query accepts and answers, as PGlite's. */
export interface RemoteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
}

const asError = (data: Record<string, unknown>) =>
  Object.assign(new Error(String(data.message)), data) as Error & Record<string, unknown>;

/** The worker's script: compiled beside the server (dist/pglite-thread.js), or its source through tsx. */
const startThread = (dataDir: string): Worker =>
  startWorkerScript('pglite-thread', import.meta.url, { workerData: { dataDir } });

export class RemotePglite implements RemoteQueries {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private failure: Error | null = null;
  closed = false;

  private constructor(
    private readonly worker: Worker,
    onFailure: (error: Error) => void,
  ) {
    worker.on('message', (message: Response) => {
      if (message.type === 'notification') {
        for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload);
        return;
      }
      if (message.type !== 'result' && message.type !== 'error') return;
      const call = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === 'result') call?.resolve(message.result);
      else call?.reject(asError(message.error));
    });
    const fail = (error: Error) => {
      if (this.failure) return;
      this.failure = error;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
      onFailure(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`La base embarquée s’est arrêtée (code ${code})`));
    });
  }

  /**
   * Starts the thread and opens the database in `dataDir` there. `onFailure`: the thread died (PGlite
   * aborted): every call fails from then on, so the server had better stop and be restarted.
   */
  static async start(dataDir: string, onFailure: (error: Error) => void): Promise<RemotePglite> {
    const worker = startThread(dataDir);
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: Response) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(asError(message.error));
        else return;
        worker.off('message', onMessage);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new RemotePglite(worker, onFailure);
  }

  private call<T>(request: Unsent): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private queries(tx?: number): RemoteQueries {
    return {
      query: (sql, params, options) =>
        this.call({
          type: 'query',
          sql,
          params,
          rowMode: options?.rowMode,
          identityParsers: options?.parsers && Object.keys(options.parsers).map(Number),
          tx,
        }),
      exec: (sql) => this.call({ type: 'exec', sql, tx }),
    };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queries().query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.queries().exec(sql);
  }

  /** Runs `work` in one transaction on the thread: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: RemoteQueries) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ type: 'begin' });
    let result: T;
    try {
      result = await work(this.queries(tx));
    } catch (error) {
      await this.call({ type: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ type: 'end', tx, commit: true });
    return result;
  }

  /** Hears NOTIFY on `channel`; returns how to stop. */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let channelListeners = this.listeners.get(channel);
    if (!channelListeners) {
      this.listeners.set(channel, (channelListeners = new Set()));
      await this.call({ type: 'listen', channel });
    }
    channelListeners.add(listener);
    return async () => {
      channelListeners.delete(listener);
      if (channelListeners.size || this.closed) return;
      this.listeners.delete(channel);
      await this.call({ type: 'unlisten', channel });
    };
  }

  /** The data folder's tarball (pglite-snapshot.ts), made on the thread. */
  snapshot(): Promise<Uint8Array> {
    return this.call({ type: 'snapshot' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ type: 'close' });
    this.closed = true;
    await this.worker.terminate();
  }
}
