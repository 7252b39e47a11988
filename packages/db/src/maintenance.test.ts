import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from './client';
import {
  maintainTables,
  MAX_VACUUMED_PAGES,
  readTableActivity,
  scheduleMaintenance,
  tablesDue,
  type TableActivity,
} from './maintenance';
import { createTestDatabase } from './testing';

const quiet = (table: string, rows: number, pages = Math.ceil(rows / 30)): TableActivity => ({
  table,
  rows,
  pages,
  deadRows: 0,
  modifiedSinceAnalyze: 0,
  insertedSinceVacuum: 0,
});

describe('tablesDue', () => {
  it('leaves alone a table changed under the thresholds', () => {
    expect(
      tablesDue([
        { ...quiet('orders', 6000), deadRows: 1250, modifiedSinceAnalyze: 650, insertedSinceVacuum: 2200 },
      ]),
    ).toEqual([]);
  });

  it('vacuums a table whose dead rows pass 50 and a fifth of its rows, and analyzes it with them', () => {
    expect(tablesDue([{ ...quiet('orders', 6000), deadRows: 1251 }])).toEqual([
      { table: 'orders', vacuum: true, analyze: false },
    ]);
    expect(tablesDue([{ ...quiet('orders', 6000), deadRows: 1251, modifiedSinceAnalyze: 1251 }])).toEqual([
      { table: 'orders', vacuum: true, analyze: true },
    ]);
  });

  it('vacuums a table that received 1 000 rows and a fifth of its rows since its last vacuum', () => {
    expect(tablesDue([{ ...quiet('order_lines', 10_000), insertedSinceVacuum: 3001 }])).toEqual([
      { table: 'order_lines', vacuum: true, analyze: false },
    ]);
  });

  it('analyzes only a table whose changes pass 50 and a tenth of its rows', () => {
    expect(tablesDue([quiet('carts', 100), { ...quiet('sessions', 400), modifiedSinceAnalyze: 91 }])).toEqual(
      [{ table: 'sessions', vacuum: false, analyze: true }],
    );
  });

  it('only analyzes a table too large to vacuum without holding the embedded database', () => {
    const large = quiet('login_events', 5_100_000, MAX_VACUUMED_PAGES + 1);
    expect(tablesDue([{ ...large, deadRows: 2_000_000, insertedSinceVacuum: 2_000_000 }])).toEqual([]);
    expect(tablesDue([{ ...large, insertedSinceVacuum: 2_000_000, modifiedSinceAnalyze: 600_000 }])).toEqual([
      { table: 'login_events', vacuum: false, analyze: true },
    ]);
    expect(tablesDue([{ ...large, pages: MAX_VACUUMED_PAGES, deadRows: 2_000_000 }])).toEqual([
      { table: 'login_events', vacuum: true, analyze: false },
    ]);
  });

  it('counts a table never analyzed (no row estimate) as empty', () => {
    expect(tablesDue([{ ...quiet('imports', -1), modifiedSinceAnalyze: 51 }])).toEqual([
      { table: 'imports', vacuum: false, analyze: true },
    ]);
  });
});

describe('maintainTables', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.execute(sql`create table maintenance_probe (id int primary key, value int not null)`);
  });
  afterAll(() => handle.close());

  const probe = async () =>
    (
      await queryRows<{
        allVisible: number;
        pages: number;
        vacuumed: boolean;
        analyzed: boolean;
        dead: number;
      }>(
        handle.db,
        sql`select c.relallvisible as "allVisible", c.relpages as "pages", s.last_vacuum is not null as "vacuumed",
              s.last_analyze is not null as "analyzed", s.n_dead_tup::int as "dead"
            from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'maintenance_probe'`,
      )
    )[0]!;
  const dueNow = async (table: string) =>
    tablesDue(await readTableActivity(handle.db)).find((work) => work.table === table);
  // Statistics are flushed at most once a second: they reach pg_stat_user_tables a moment later.
  const eventually = async (check: () => Promise<boolean>) => {
    for (let attempt = 0; attempt < 50 && !(await check()); attempt++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return check();
  };
  const dueFor = async (table: string) => {
    await eventually(async () => (await dueNow(table)) !== undefined);
    return dueNow(table);
  };

  it('vacuums and analyzes a table filled since, so that its pages are all visible, then leaves it', async () => {
    await handle.db.execute(sql`insert into maintenance_probe select n, n from generate_series(1, 5000) n`);
    expect(await dueFor('maintenance_probe')).toEqual({
      table: 'maintenance_probe',
      vacuum: true,
      analyze: true,
    });

    const done = await maintainTables(handle.db);

    expect(done).toContainEqual({ table: 'maintenance_probe', vacuum: true, analyze: true });
    const after = await probe();
    expect(after).toMatchObject({ vacuumed: true, analyzed: true });
    expect(after.pages).toBeGreaterThan(0);
    expect(after.allVisible).toBe(after.pages);
    expect((await maintainTables(handle.db)).map((work) => work.table)).not.toContain('maintenance_probe');
  });

  it('removes the dead rows of a table whose rows were rewritten', async () => {
    await handle.db.execute(sql`update maintenance_probe set value = value + 1 where id <= 2000`);
    expect(await dueFor('maintenance_probe')).toMatchObject({ vacuum: true });

    await maintainTables(handle.db);

    expect(await eventually(async () => (await probe()).dead === 0)).toBe(true);
  });

  it('runs on its schedule until stopped', async () => {
    await handle.db.execute(
      sql`insert into maintenance_probe select n, n from generate_series(5001, 12000) n`,
    );
    expect(await dueFor('maintenance_probe')).toMatchObject({ vacuum: true });
    const errors: unknown[] = [];
    const schedule = scheduleMaintenance(handle.db, {
      intervalMs: 20,
      onError: (error) => errors.push(error),
    });
    try {
      expect(await eventually(async () => (await dueNow('maintenance_probe')) === undefined)).toBe(true);
    } finally {
      await schedule.stop();
    }
    expect((await probe()).allVisible).toBe((await probe()).pages);
    expect(errors).toEqual([]);
  });
});
