// PGlite runs every statement on the main thread and settles its promises as microtasks. Under load the
// statements of every request in flight chain up without ever returning to the event loop: one loop
// iteration lasts seconds, and as Node accepts one new connection per iteration, most clients are never
// served (docs/architecture/database.md, "PGlite and the event loop"). Here every entry point of the client takes
// its turn in one first-come first-served queue, and the queue hands the event loop back (setImmediate)
// each time it has run statements for SLICE_MS: sockets are read and connections accepted in between.
import type { PGlite } from '@electric-sql/pglite';

/** Time spent running statements before the event loop gets a turn. */
export const SLICE_MS = 8;

export class TurnQueue {
  private readonly waiting: Array<() => void> = [];
  private busy = false;
  /** When the current slice began; 0 means the next turn starts a new one after yielding. */
  private sliceStart = 0;

  constructor(
    private readonly sliceMs = SLICE_MS,
    /** The clock slices are timed by (tests give one that moves on its own). */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs `work` when every earlier turn has ended; a transaction holds its turn to its end. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        work()
          .then(resolve, reject)
          .finally(() => this.next());
      });
      if (!this.busy) {
        this.busy = true;
        this.next();
      }
    });
  }

  private next(): void {
    const turn = this.waiting.shift();
    if (!turn) {
      this.busy = false;
      return;
    }
    if (this.now() - this.sliceStart < this.sliceMs) return turn();
    setImmediate(() => {
      this.sliceStart = this.now();
      turn();
    });
  }
}

/** Makes `client`'s query, exec and transaction take turns (PGlite's own calls to them included). */
export function takeTurns(client: PGlite, sliceMs = SLICE_MS, now?: () => number): PGlite {
  const turns = new TurnQueue(sliceMs, now);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) =>
    turns.run(() => query(...args))) as typeof client.query;
  client.exec = (...args: Parameters<typeof exec>) => turns.run(() => exec(...args));
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    turns.run(() => transaction(...args))) as typeof client.transaction;
  return client;
}
