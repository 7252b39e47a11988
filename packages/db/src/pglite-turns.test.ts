import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnQueue, takeTurns } from './pglite-turns';

describe('TurnQueue', () => {
  it('runs turns one at a time, first come first served, and passes results and errors through', async () => {
    const turns = new TurnQueue(1_000);
    const log: string[] = [];
    const step = (name: string) =>
      turns.run(async () => {
        log.push(`${name} start`);
        await new Promise((resolve) => setImmediate(resolve));
        log.push(`${name} end`);
        return name;
      });
    const failing = turns.run(() => Promise.reject(new Error('refusé')));
    const results = await Promise.all([step('a'), step('b'), failing.catch((error: Error) => error.message)]);
    expect(results).toEqual(['a', 'b', 'refusé']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});

describe('a PGlite client taking turns', () => {
  let client: PGlite;
  beforeAll(async () => {
    // Its slices timed by a clock that moves 3 ms at each reading: as if every statement took that
    // long, however fast this machine runs them.
    let clock = 0;
    client = takeTurns(await PGlite.create(), 8, () => (clock += 3));
  });
  afterAll(() => client.close());

  it('lets the event loop run while many statements wait, where they used to run back to back', async () => {
    let ended = 0;
    const statements = Array.from({ length: 20 }, (_, i) =>
      client.query<{ n: number }>(`select ${i}::int as n`).then((result) => {
        ended++;
        return result.rows[0]!.n;
      }),
    );
    // The event loop's next turn stands for the server's sockets: it must come while statements are
    // still waiting (PGlite settles its promises as microtasks: without turns, all 20 end first).
    const endedAtTheLoopsTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(ended)));
    expect(endedAtTheLoopsTurn).toBeLessThan(20);
    expect(await Promise.all(statements)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('keeps a transaction whole: other statements wait for its end', async () => {
    await client.exec('create table turns_test (n int)');
    const seen: number[] = [];
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into turns_test values (1)');
      // The event loop turns while the transaction is open: the read, already waiting, must not run.
      await new Promise((resolve) => setImmediate(resolve));
      await tx.query('insert into turns_test values (2)');
    });
    const read = client.query<{ n: number }>('select count(*)::int as n from turns_test').then((result) => {
      seen.push(result.rows[0]!.n);
    });
    await Promise.all([transaction, read]);
    expect(seen).toEqual([2]);
  });
});
