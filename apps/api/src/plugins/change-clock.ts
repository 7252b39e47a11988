// When each table last changed, as the change feed told this process: whether an answer loaded (or
// sent) since some moment may be older than a change of the tables it was built from. Only its own
// tables count: under load an answer can take a few hundred milliseconds to load, while the shop's
// orders change several times a second, and an answer about articles dropped for an order's change
// was never kept at all.

/** Beyond this many table names the clock forgets them all, as if every table had changed. */
const MAX_TABLES = 1000;

export interface ChangeClock {
  /** The moment now: a count of the changes heard. */
  now(): number;
  /** A table changed (null: any table may have). */
  tick(table: string | null): void;
  /** Whether one of `tables` changed after `moment` (a value of now()). */
  changedSince(moment: number, tables: readonly string[]): boolean;
}

export function createChangeClock(): ChangeClock {
  let now = 0;
  let everythingAt = 0;
  const changedAt = new Map<string, number>();
  return {
    now: () => now,
    tick(table) {
      now++;
      if (table === null) {
        everythingAt = now;
        return;
      }
      // The names come from the database's notifications: bounded, should anything else notify.
      if (changedAt.size >= MAX_TABLES && !changedAt.has(table)) {
        changedAt.clear();
        everythingAt = now;
      }
      changedAt.set(table, now);
    },
    changedSince(moment, tables) {
      if (everythingAt > moment) return true;
      for (const table of tables) if ((changedAt.get(table) ?? 0) > moment) return true;
      return false;
    },
  };
}
