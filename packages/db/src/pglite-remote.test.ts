// The embedded database on its own thread, through drizzle as the server uses it: the migrated schema,
// committed and rolled-back transactions, PostgreSQL's errors with their codes, notifications, and the
// main thread's event loop free while a long statement runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmbedded, openDatabase, queryRows, type DatabaseHandle } from './client';
import { units } from './schema';

let folder: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-pglite-thread-'));
  handle = await openDatabase({ dataDir: path.join(folder, 'db'), thread: true });
  await handle.migrate();
});

afterAll(async () => {
  await handle?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('PGlite in a worker thread', () => {
  it('is embedded, and reads and writes through drizzle', async () => {
    expect(isEmbedded(handle.db)).toBe(true);
    await handle.db.insert(units).values({ code: 'KG', label: 'Kilogramme' });
    expect(await handle.db.select().from(units).where(eq(units.code, 'KG'))).toMatchObject([
      { code: 'KG', label: 'Kilogramme' },
    ]);
  });

  it('commits a transaction that ends well and rolls back one that throws, savepoints included', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.insert(units).values({ code: 'M2', label: 'Mètre carré' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(units).values({ code: 'M3', label: 'Mètre cube' });
          throw new Error('annulé');
        })
        .catch(() => {});
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(units).values({ code: 'L', label: 'Litre' });
        throw new Error('refusé');
      }),
    ).rejects.toThrow('refusé');
    const codes = (await handle.db.select({ code: units.code }).from(units)).map((u) => u.code);
    expect(codes).toContain('M2');
    expect(codes).not.toContain('M3');
    expect(codes).not.toContain('L');
  });

  it("passes PostgreSQL's errors with their code and constraint", async () => {
    const error = await handle.db
      .insert(units)
      .values({ code: 'KG', label: 'Encore' })
      .catch((caught: unknown) => caught as { cause?: { code?: string; constraint?: string } });
    expect(error).toMatchObject({ cause: { code: '23505', constraint: 'units_pkey' } });
    // The database is still usable afterwards, in and out of transactions.
    expect(await queryRows<{ n: number }>(handle.db, sql`select 1::int as n`)).toEqual([{ n: 1 }]);
  });

  it('delivers the notifications of committed changes', async () => {
    const heard: (string | null)[] = [];
    const subscription = await handle.listenForChanges((table) => heard.push(table));
    await handle.db.insert(units).values({ code: 'T', label: 'Tonne' });
    await expect.poll(() => heard, { timeout: 5000, interval: 5 }).toContain('units');
    await subscription.stop();
  });

  it("keeps the main thread's event loop running while a long statement runs", async () => {
    let ended = false;
    const statement = queryRows(handle.db, sql`select count(*) from generate_series(1, 1000000)`).then(() => {
      ended = true;
    });
    // The loop's next turns come while the statement runs (on the main thread it would end first:
    // its promise settles before any timer or I/O callback).
    const endedAtTheLoopsTurn = await new Promise<boolean>((resolve) =>
      setImmediate(() => setImmediate(() => resolve(ended))),
    );
    expect(endedAtTheLoopsTurn).toBe(false);
    await statement;
    expect(ended).toBe(true);
  });
});
