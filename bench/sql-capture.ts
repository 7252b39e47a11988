// The raw SQL ceiling of a route: the statements the server sends for one request, recorded on the
// wire, then replayed through a direct client. The server is started once with its DATABASE_URL on a
// loopback relay (SqlRecorder) that forwards every byte to PostgreSQL and reads the client's side of
// the protocol: simple queries ('Q') and the extended protocol's Parse ('P') and Bind ('B'), which
// carry the statement's text and its parameters. Nothing in the server knows it is being recorded.
// Replaying keeps the request's shape: the statements of each server connection in order, the
// connections in parallel (a route that runs two queries at once on two pooled connections is
// replayed the same way).
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface RecordedStatement {
  /** The server connection it came on (1, 2… in the order the server opened them). */
  connection: number;
  sql: string;
  /** Text parameters as strings, binary ones as Buffers, NULL as null. */
  params: (string | Buffer | null)[];
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/** Reads the frontend messages of one connection and records its statements while asked to. */
class FrontendReader {
  private buffer: Buffer = Buffer.alloc(0);
  private startup = true;
  /** Prepared statements of this connection by name ('' is the unnamed one). */
  private readonly statements = new Map<string, string>();

  constructor(
    private readonly connection: number,
    private readonly record: (statement: RecordedStatement) => void,
  ) {}

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (this.startup) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) return;
        const code = this.buffer.readInt32BE(4);
        if (code !== SSL_REQUEST && code !== GSS_REQUEST) this.startup = false;
        this.buffer = this.buffer.subarray(length);
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) return;
      const type = String.fromCharCode(this.buffer[0]!);
      const body = this.buffer.subarray(5, 1 + length);
      this.buffer = this.buffer.subarray(1 + length);
      this.read(type, body);
    }
  }

  private read(type: string, body: Buffer): void {
    let at = 0;
    const text = () => {
      const end = body.indexOf(0, at);
      const value = body.toString('utf8', at, end);
      at = end + 1;
      return value;
    };
    const int16 = () => {
      const value = body.readInt16BE(at);
      at += 2;
      return value;
    };
    if (type === 'Q') {
      this.record({ connection: this.connection, sql: text(), params: [] });
    } else if (type === 'P') {
      const name = text();
      this.statements.set(name, text());
    } else if (type === 'B') {
      text(); // portal
      const sql = this.statements.get(text()) ?? '';
      const formats = Array.from({ length: int16() }, int16);
      const params = Array.from({ length: int16() }, (_, i) => {
        const size = body.readInt32BE(at);
        at += 4;
        if (size < 0) return null;
        const value = body.subarray(at, at + size);
        at += size;
        const format = formats.length === 0 ? 0 : formats.length === 1 ? formats[0] : formats[i];
        return format === 1 ? Buffer.from(value) : value.toString('utf8');
      });
      this.record({ connection: this.connection, sql, params });
    }
  }
}

/** A loopback relay in front of PostgreSQL that records the statements passing while `recording`. */
export class SqlRecorder {
  private recorded: RecordedStatement[] | undefined;
  private connections = 0;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<SqlRecorder> {
    const relays: ((client: net.Socket) => void)[] = [];
    const server = net.createServer((client) => relays[0]!(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const recorder = new SqlRecorder(server, (server.address() as net.AddressInfo).port);
    relays.push((client) => recorder.relay(client, target));
    return recorder;
  }

  private relay(client: net.Socket, target: { host: string; port: number }): void {
    const upstream = net.connect(target.port, target.host);
    const reader = new FrontendReader(++this.connections, (statement) => this.recorded?.push(statement));
    this.sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      reader.push(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  }

  /** Records what the server sends while `work` runs (one request at a time: nothing else in flight). */
  async record(work: () => Promise<void>): Promise<RecordedStatement[]> {
    this.recorded = [];
    try {
      await work();
      return this.recorded;
    } finally {
      this.recorded = undefined;
    }
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface SqlTiming {
  statements: number;
  /** Their texts, in the order sent (the JSON results keep them: what the route asks the database). */
  texts: string[];
  /** One request's statements, replayed one after the other per connection: ms. */
  p50: number;
  p95: number;
  /** Requests' statements per second, 10 replays at once (PostgreSQL only: PGlite runs one at a time). */
  perSecond?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The statements grouped by the connection they came on, each group in its order. */
const byConnection = (statements: RecordedStatement[]) => {
  const groups = new Map<number, RecordedStatement[]>();
  for (const statement of statements)
    groups.set(statement.connection, [...(groups.get(statement.connection) ?? []), statement]);
  return [...groups.values()];
};

type Run = (statement: RecordedStatement) => Promise<unknown>;

async function timeReplays(
  groups: RecordedStatement[][],
  runners: Run[],
  budget: { iterations: number; ms: number },
): Promise<number[]> {
  const replay = () =>
    Promise.all(
      groups.map(async (group, i) => {
        for (const statement of group) await runners[i]!(statement);
      }),
    );
  await replay();
  const times: number[] = [];
  const started = performance.now();
  while (times.length < budget.iterations && (times.length < 3 || performance.now() - started < budget.ms)) {
    const start = performance.now();
    await replay();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** Times a request's statements on PostgreSQL through direct clients: latency, then throughput. */
export async function timeOnPostgres(
  databaseUrl: string,
  statements: RecordedStatement[],
  options: { iterations: number; ms: number; parallel: number; seconds: number },
): Promise<SqlTiming> {
  const groups = byConnection(statements);
  if (groups.length === 0) return { statements: 0, texts: [], p50: 0, p95: 0 };
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    clients.push(client);
    return (statement: RecordedStatement) => client.query(statement.sql, statement.params);
  };
  try {
    const runners = await Promise.all(groups.map(connect));
    const times = await timeReplays(groups, runners, options);
    // Throughput: `parallel` replays at once, each on its own connections, for `seconds`.
    const workers = await Promise.all(
      Array.from({ length: options.parallel }, () => Promise.all(groups.map(connect))),
    );
    let done = 0;
    const end = performance.now() + options.seconds * 1000;
    await Promise.all(
      workers.map(async (own) => {
        while (performance.now() < end) {
          await Promise.all(
            groups.map(async (group, i) => {
              for (const statement of group) await own[i]!(statement);
            }),
          );
          done++;
        }
      }),
    );
    return {
      statements: statements.length,
      texts: statements.map((statement) => statement.sql),
      p50: round(percentile(times, 50), 2),
      p95: round(percentile(times, 95), 2),
      perSecond: Math.round(done / options.seconds),
    };
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => {})));
  }
}

/** Times a request's statements on an open PGlite (one connection: the groups take turns). */
export async function timeOnPglite(
  db: PGlite,
  statements: RecordedStatement[],
  options: { iterations: number; ms: number },
): Promise<SqlTiming> {
  const groups = byConnection(statements);
  if (groups.length === 0) return { statements: 0, texts: [], p50: 0, p95: 0 };
  let queue = Promise.resolve() as Promise<unknown>;
  const run: Run = (statement) =>
    (queue = queue.then(() =>
      db.query(
        statement.sql,
        statement.params.map((param) => (Buffer.isBuffer(param) ? new Uint8Array(param) : param)),
      ),
    ));
  const times = await timeReplays(
    groups,
    groups.map(() => run),
    options,
  );
  return {
    statements: statements.length,
    texts: statements.map((statement) => statement.sql),
    p50: round(percentile(times, 50), 2),
    p95: round(percentile(times, 95), 2),
  };
}
