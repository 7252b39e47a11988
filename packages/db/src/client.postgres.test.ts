// node-postgres against the real server: a connection the server ends, idle or in the middle of a
// transaction, fails at most the query that was using it, and the pool goes on.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { databaseOf, onOneConnection, openDatabase, queryRows, type DatabaseHandle } from './client';
import { postgresServerUrl, terminateBackend } from './testing-postgres';

describe('node-postgres client', () => {
  let handle: DatabaseHandle;
  let logged: MockInstance<typeof console.error>;
  beforeAll(async () => {
    // Only reads: no scratch database needed, and only our own backends are ever terminated.
    handle = await openDatabase({ databaseUrl: postgresServerUrl });
  });
  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => logged.mockRestore());
  afterAll(() => handle.close());

  const answers = async () =>
    expect(await queryRows<{ n: number }>(handle.db, sql`select 41 + 1 as n`)).toEqual([{ n: 42 }]);

  it('parses a text it has seen before once per connection (a named statement)', async () => {
    const prepared = await handle.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        expect(await queryRows<{ n: number }>(tx, sql`select ${i}::int + 100 as n`)).toEqual([
          { n: i + 100 },
        ]);
      return queryRows<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where statement like '%::int + 100 as n'`,
      );
    });
    expect(prepared).toEqual([{ name: expect.stringMatching(/^comptoir_\d+$/) }]);
  });

  it('fails a transaction whose connection is terminated, then serves the next query', async () => {
    const transaction = handle.db.transaction(async (tx) => {
      const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      await terminateBackend(row!.pid);
      // The client hears of it between two queries, while it is checked out of the pool.
      await vi.waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 10_000 });
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('PostgreSQL : connexion perdue');
    await answers();
  });

  it('gives back the client of a transaction whose BEGIN fails on a lost connection', async () => {
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    // A client whose connection the server ended, handed out before the pool heard of it (the race
    // a terminated idle connection runs with the next request), made certain here.
    const lost = await pool.connect();
    const [row] = (await lost.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
    await terminateBackend(row!.pid);
    await vi.waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 10_000 });
    const connect = vi.spyOn(pool, 'connect').mockResolvedValueOnce(lost as never);
    try {
      await expect(handle.db.transaction(async () => {})).rejects.toThrow();
    } finally {
      connect.mockRestore();
    }
    // Nothing stays checked out: a pool that kept such clients would end up with none to lend.
    expect(pool.totalCount - pool.idleCount).toBe(0);
    await answers();
  });

  it('runs work on one connection taken once, then gives it back, even when the work fails', async () => {
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const pid = sql`select pg_backend_pid() as pid`;
    const pids = await onOneConnection(handle.db, async (conn) => {
      // The pool's Database stands behind the connection (the answer cache is found through it).
      expect(databaseOf(conn)).toBe(handle.db);
      expect(pool.totalCount - pool.idleCount).toBe(1);
      const [first] = await queryRows<{ pid: number }>(conn, pid);
      const inTransaction = await conn.transaction((tx) => queryRows<{ pid: number }>(tx, pid));
      const [last] = await queryRows<{ pid: number }>(conn, pid);
      return [first!.pid, inTransaction[0]!.pid, last!.pid];
    });
    expect(new Set(pids).size).toBe(1);
    expect(pool.totalCount - pool.idleCount).toBe(0);
    await expect(onOneConnection(handle.db, (conn) => conn.execute(sql`select 1/0`))).rejects.toThrow();
    expect(pool.totalCount - pool.idleCount).toBe(0);
    // A transaction is its own connection already: the work runs on it.
    await handle.db.transaction(async (tx) => {
      expect(await onOneConnection(tx, async (conn) => conn)).toBe(tx);
      expect(databaseOf(tx)).toBe(tx);
    });
    await answers();
  });

  it('replaces an idle connection the server ended', async () => {
    const [row] = await queryRows<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid`);
    await terminateBackend(row!.pid);
    await vi.waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 10_000 });
    await answers();
  });

  it('runs the parallel reads of a transaction one after the other, in order, without a warning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const answersInOrder = await handle.db.transaction((tx) =>
        Promise.all(
          [1, 2, 3, 4, 5].map(
            async (n) => (await queryRows<{ n: number }>(tx, sql`select ${n}::int as n`))[0]!.n,
          ),
        ),
      );
      expect(answersInOrder).toEqual([1, 2, 3, 4, 5]);
      // A failed read fails alone; the transaction's next reads still run (then it is rolled back).
      const settled = await handle.db
        .transaction((tx) =>
          Promise.allSettled([tx.execute(sql`select 1/0`), queryRows(tx, sql`select 1 as n`)]),
        )
        .catch((error: unknown) => error);
      expect(Array.isArray(settled) && settled[0]?.status).toBe('rejected');
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.message)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
    await answers();
  });
});
