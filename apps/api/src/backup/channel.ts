// The local channel through which `npm run backup` gets the embedded database from the server that
// holds it (docs/operations.md, Backups): PGlite is opened by one process only, so a backup taken
// while the server runs asks that server. A Unix socket in DATA_DIR/run, a folder only the server's
// user may enter: no network address, and only who can read DATA_DIR can ask.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** The only request: "snapshot\n". The answer: a JSON line { size } or { error }, then size bytes. */
const REQUEST = 'snapshot\n';

export const snapshotSocketOf = (dataDir: string) => path.join(dataDir, 'run', 'sauvegarde.sock');

export interface SnapshotChannel {
  close(): Promise<void>;
}

/** Listens on DATA_DIR/run/sauvegarde.sock and answers each request with `snapshot()`, one at a time. */
export async function openSnapshotChannel(
  dataDir: string,
  snapshot: () => Promise<Uint8Array>,
): Promise<SnapshotChannel> {
  const socketPath = snapshotSocketOf(dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  // A socket left by a server that was killed: this process holds the database's lock now.
  fs.rmSync(socketPath, { force: true });
  let turn: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    let asked = '';
    socket.on('data', (chunk) => {
      asked += chunk.toString('utf8');
      if (asked.length < REQUEST.length) return;
      socket.removeAllListeners('data');
      if (asked !== REQUEST) return void socket.end(`${JSON.stringify({ error: 'Demande inconnue' })}\n`);
      turn = turn.then(async () => {
        try {
          const bytes = await snapshot();
          socket.write(`${JSON.stringify({ size: bytes.byteLength })}\n`);
          socket.end(bytes);
        } catch (error) {
          socket.end(`${JSON.stringify({ error: (error as Error).message })}\n`);
        }
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Asks the server of `dataDir` for its database: its size and the stream of its bytes, or null when
 * no server listens there (none runs, or one from before this channel existed).
 */
export async function requestSnapshot(dataDir: string): Promise<{ size: number; bytes: Readable } | null> {
  const socketPath = snapshotSocketOf(dataDir);
  if (!fs.existsSync(socketPath)) return null;
  const socket = net.connect(socketPath);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED' || code === 'ENOENT') return null;
    throw error;
  }
  socket.write(REQUEST);
  // The answer's first line, then the bytes that follow it, left in the stream for the caller.
  const line = await new Promise<string>((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf(0x0a);
      if (end < 0) return;
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.pause();
      const rest = received.subarray(end + 1);
      if (rest.length) socket.unshift(rest);
      resolve(received.subarray(0, end).toString('utf8'));
    };
    const onEnd = () => reject(new Error('Le serveur a fermé le canal de sauvegarde sans répondre'));
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', reject);
  });
  const answer = JSON.parse(line) as { size?: number; error?: string };
  if (answer.error !== undefined || answer.size === undefined) {
    socket.destroy();
    throw new Error(`Le serveur n'a pas pu copier sa base : ${answer.error ?? 'réponse illisible'}`);
  }
  return { size: answer.size, bytes: socket };
}
