// When each table last changed, as the change feed told this process: whether an answer loaded (or
// sent) since some moment may be older than a change of the tables it was built from. Only its own
// tables count: under load an answer can take a few hundred milliseconds to load, while the shop's
// orders change several times a second, and an answer about articles dropped for an order's change
// was never kept at all. A change may name the rows it touched (the orders' notification does:
// order-changes.ts): an answer that says which rows of a table it can show then counts only those.

/** Beyond this many table names the clock forgets them all, as if every table had changed. */
const MAX_TABLES = 1000;
/**
 * The changes naming their rows that are remembered; an answer loaded, or last checked, over more
 * counts them all. The answer cache checks a scoped answer when it is read: a page read every few
 * minutes while the orders change ten times a second should not be loaded again for that alone.
 */
export const MAX_ROW_CHANGES = 4096;

/** The rows of one table an answer can show: a change naming only rows it does not touch leaves it. */
export interface RowScope {
  table: string;
  /** Whether one row of a change's (as the notification names it) may appear in the answer. */
  touches(row: unknown): boolean;
}

export interface ChangeClock {
  /** The moment now: a count of the changes heard. */
  now(): number;
  /** A table changed (null: any table may have); `rows` when the change named the rows it touched. */
  tick(table: string | null, rows?: readonly unknown[]): void;
  /** Whether one of `tables` changed after `moment` (a value of now()); of `scope.table`, a row it touches. */
  changedSince(moment: number, tables: readonly string[], scope?: RowScope): boolean;
}

export function createChangeClock(): ChangeClock {
  let now = 0;
  let everythingAt = 0;
  /** Any change of each table, whether it named its rows or not. */
  const changedAt = new Map<string, number>();
  /** The changes of each table that did not name their rows. */
  const wholeTableChangedAt = new Map<string, number>();
  const rowChanges: { at: number; table: string; rows: readonly unknown[] }[] = [];
  /** The moment of the last row change forgotten (MAX_ROW_CHANGES). */
  let forgottenAt = 0;

  const forgetEveryTable = () => {
    changedAt.clear();
    wholeTableChangedAt.clear();
    rowChanges.length = 0;
    everythingAt = now;
  };

  return {
    now: () => now,
    tick(table, rows) {
      now++;
      if (table === null) {
        forgetEveryTable();
        return;
      }
      // The names come from the database's notifications: bounded, should anything else notify.
      if (changedAt.size >= MAX_TABLES && !changedAt.has(table)) forgetEveryTable();
      changedAt.set(table, now);
      if (!rows) {
        wholeTableChangedAt.set(table, now);
        return;
      }
      rowChanges.push({ at: now, table, rows });
      if (rowChanges.length > MAX_ROW_CHANGES) forgottenAt = rowChanges.shift()!.at;
    },
    changedSince(moment, tables, scope) {
      if (everythingAt > moment) return true;
      for (const table of tables) {
        if (table !== scope?.table) {
          if ((changedAt.get(table) ?? 0) > moment) return true;
          continue;
        }
        if ((changedAt.get(table) ?? 0) <= moment) continue;
        if ((wholeTableChangedAt.get(table) ?? 0) > moment || forgottenAt > moment) return true;
        for (let i = rowChanges.length - 1; i >= 0 && rowChanges[i]!.at > moment; i--) {
          const change = rowChanges[i]!;
          if (change.table === table && change.rows.some((row) => scope.touches(row))) return true;
        }
      }
      return false;
    },
  };
}
