// Statements PostgreSQL parses once per connection. drizzle sends every query unnamed, so the server
// parses, analyses and plans it again at each execution, although the app sends the same few hundred
// texts all day long. A named statement (the protocol's prepared statement) is parsed once on each
// connection, and node-postgres then sends only its parameters. Only texts seen twice are named (a
// text made for a list of a given length may never come back), and at most MAX_NAMED of them: each
// costs the server some memory in every connection that ran it.
import type pg from 'pg';

/** Texts named at most (a process sends about 300 distinct ones under the mixed load). */
const MAX_NAMED = 1000;
/** Texts seen once, remembered at most (then forgotten together). */
const MAX_SEEN_ONCE = 5000;

/** The name of each text: null while it has been seen only once, or when the names are all given. */
export function statementNames(maxNamed = MAX_NAMED): (text: string) => string | null {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return (text) => {
    const name = names.get(text);
    if (name !== undefined) return name;
    if (names.size >= maxNamed) return null;
    if (!seenOnce.delete(text)) {
      if (seenOnce.size >= MAX_SEEN_ONCE) seenOnce.clear();
      seenOnce.add(text);
      return null;
    }
    const given = `comptoir_${names.size}`;
    names.set(text, given);
    return given;
  };
}

/** Makes `client` send the texts `nameOf` names as named statements (a pool's 'connect' event). */
export function prepareStatements(client: pg.PoolClient, nameOf: (text: string) => string | null): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest) => {
    if (
      typeof config === 'object' &&
      config !== null &&
      'text' in config &&
      !('name' in config && config.name)
    ) {
      const name = typeof config.text === 'string' ? nameOf(config.text) : null;
      if (name) return query({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
  };
}
