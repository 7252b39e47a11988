// Named statements for PGlite. Its query() sends every text unnamed: PostgreSQL parses, analyses and
// plans it again at each call, which in WebAssembly costs 0.5–0.9 ms for a join of five tables (the
// cart, a product page) where running it costs 0.1–0.2 ms. As on PostgreSQL (prepared-statements.ts),
// a text seen twice is parsed once under a name, and each later call only binds its values; after five
// runs PostgreSQL keeps a generic plan when it is no worse, and stops planning it too.
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { statementNames } from './prepared-statements';

const { serialize } = protocol;

/**
 * Makes `client.query`, and the query of each of its transactions, send the texts `nameOf` names as
 * named statements. Everything else (exec, listen, a text not named) is PGlite's own.
 */
export function nameStatements(client: PGlite, nameOf = statementNames()): PGlite {
  /** The parameters' types of each statement parsed (the session keeps the statements). */
  const parsed = new Map<string, number[]>();
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);

  /** One named call: the protocol's messages in a row, then Sync, as PGlite's own query does. */
  async function runNamed<T>(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
    let types = parsed.get(name);
    if (!types) {
      // Parsed in a round of its own: a statement that fails to parse is not created.
      try {
        await send(serialize.parse({ name, text, types: options?.paramTypes }));
        types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
      } finally {
        await send(serialize.sync());
      }
      parsed.set(name, types);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = types[i]!;
      const toText = options?.serializers?.[oid] ?? client.serializers[oid];
      return toText ? toText(param) : String(param);
    });
    const messages = [];
    try {
      messages.push(
        ...(await send(serialize.bind({ statement: name, values }))),
        ...(await send(serialize.describe({ type: 'P' }))),
        ...(await send(serialize.execute({}))),
      );
    } finally {
      messages.push(...(await send(serialize.sync())));
    }
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  const nameOfQuery = (text: string, options?: QueryOptions) =>
    // A blob (COPY to or from a file) needs PGlite's own handling.
    options?.blob ? null : nameOf(text);

  client.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    const name = nameOfQuery(text, options);
    if (!name) return query<T>(text, params, options);
    // The same two locks as PGlite's query: after any transaction, and one statement at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const results = await runNamed<T>(name, text, params, options);
        await client.syncToFs();
        return results;
      }),
    );
  }) as PGlite['query'];

  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        const name = nameOfQuery(text, options);
        if (!name) return txQuery<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        // The transaction holds the transaction lock already.
        return client._runExclusiveQuery(() => runNamed<R>(name, text, params, options));
      };
      return callback(tx);
    })) as PGlite['transaction'];

  return client;
}
