// The embedded database's routine vacuum and analyze. PGlite runs PostgreSQL as a single backend,
// without the autovacuum daemon: nothing would ever remove its dead rows, refresh its planner
// statistics or set its visibility map (without which an index-only scan reads the table anyway).
// The server runs these passes on PGlite, by PostgreSQL's own autovacuum rules (docs/architecture/database.md,
// PGlite and the event loop).
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client';

/** What the statistics say of one table since its last vacuum and analyze. */
export interface TableActivity {
  table: string;
  /** The planner's row estimate (pg_class.reltuples; -1 before the first analyze). */
  rows: number;
  /** Its size in 8 KB pages now (not pg_class.relpages, which is as of its last vacuum or analyze). */
  pages: number;
  deadRows: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
}

export interface TableWork {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/** PostgreSQL's autovacuum defaults (autovacuum_*_threshold and *_scale_factor). */
export const MAINTENANCE_THRESHOLDS = {
  vacuum: { base: 50, fraction: 0.2 },
  insertVacuum: { base: 1000, fraction: 0.2 },
  analyze: { base: 50, fraction: 0.1 },
} as const;

/**
 * The largest table vacuumed (64 MB). PGlite's one backend serves nothing else while it vacuums, and a
 * vacuum reads the whole table: about 0.1 to 0.2 s for 5 000 pages in memory, seconds for a table of a
 * million orders. A larger one is only analyzed (a sample of at most 30 000 rows, whatever its size):
 * such volumes are PostgreSQL's, whose autovacuum runs beside the queries.
 */
export const MAX_VACUUMED_PAGES = 8192;

/** The tables due for a vacuum or an analyze, as autovacuum would choose them. */
export function tablesDue(activity: readonly TableActivity[]): TableWork[] {
  const over = (count: number, rows: number, rule: { base: number; fraction: number }) =>
    count > rule.base + rule.fraction * Math.max(rows, 0);
  const work: TableWork[] = [];
  for (const table of activity) {
    const vacuum =
      table.pages <= MAX_VACUUMED_PAGES &&
      (over(table.deadRows, table.rows, MAINTENANCE_THRESHOLDS.vacuum) ||
        over(table.insertedSinceVacuum, table.rows, MAINTENANCE_THRESHOLDS.insertVacuum));
    const analyze = over(table.modifiedSinceAnalyze, table.rows, MAINTENANCE_THRESHOLDS.analyze);
    if (vacuum || analyze) work.push({ table: table.table, vacuum, analyze });
  }
  return work;
}

export async function readTableActivity(db: Database): Promise<TableActivity[]> {
  return queryRows<TableActivity>(
    db,
    sql`select s.relname as "table", c.reltuples::float8 as "rows",
          (pg_relation_size(c.oid) / 8192)::float8 as "pages", s.n_dead_tup::float8 as "deadRows",
          s.n_mod_since_analyze::float8 as "modifiedSinceAnalyze",
          s.n_ins_since_vacuum::float8 as "insertedSinceVacuum"
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = 'public'
        order by s.relname`,
  );
}

/**
 * One maintenance pass: each table due is vacuumed and analyzed, or analyzed only, one statement a
 * table, so that the requests waiting for the database pass between two tables. Returns what was done.
 */
export async function maintainTables(db: Database): Promise<TableWork[]> {
  const due = tablesDue(await readTableActivity(db));
  for (const { table, vacuum } of due) {
    const name = sql.identifier(table);
    // A vacuum analyzes as well: an analyze alone when only the statistics are old.
    await db.execute(vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
  }
  return due;
}

export interface MaintenanceSchedule {
  /** Stops the schedule; resolves once a pass under way has ended. */
  stop(): Promise<void>;
}

/**
 * A maintenance pass every `intervalMs`, none while the previous one runs; `onWork` hears what a pass
 * did when it did something.
 */
export function scheduleMaintenance(
  db: Database,
  options: {
    intervalMs: number;
    onWork?: (work: TableWork[]) => void;
    onError: (error: unknown) => void;
  },
): MaintenanceSchedule {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = maintainTables(db)
      .then((work) => {
        if (work.length > 0) options.onWork?.(work);
      }, options.onError)
      .finally(() => {
        running = undefined;
      });
  }, options.intervalMs);
  // The schedule never keeps the process alive on its own.
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
