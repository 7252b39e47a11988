// Which kept answers were built from each table. A change of a table then visits that table's answers
// only: the orders change several times a second under load while thousands of answers are kept, most
// of them about the catalogue, and reading every one at each change held the main thread for
// milliseconds (docs/performance/http.md).

export interface TableIndex {
  /** `key` was built from `tables`. */
  add(key: string, tables: readonly string[]): void;
  /** `key`, built from `tables`, is no longer kept. */
  remove(key: string, tables: readonly string[]): void;
  /** The keys built from `table`, as a copy: the caller may remove them while it reads them. */
  keysOf(table: string): string[];
  clear(): void;
}

export function createTableIndex(): TableIndex {
  const keysByTable = new Map<string, Set<string>>();
  return {
    add(key, tables) {
      for (const table of tables) {
        let keys = keysByTable.get(table);
        if (!keys) keysByTable.set(table, (keys = new Set()));
        keys.add(key);
      }
    },
    remove(key, tables) {
      for (const table of tables) {
        const keys = keysByTable.get(table);
        if (!keys) continue;
        keys.delete(key);
        if (keys.size === 0) keysByTable.delete(table);
      }
    },
    keysOf: (table) => [...(keysByTable.get(table) ?? [])],
    clear: () => keysByTable.clear(),
  };
}
