// The real server as a child process (from its TypeScript sources, or compiled as `npm start` runs
// it), for the proofs that need a process of their own: the browser tests, the two-instance
// cluster, the fault proofs and the soak. One place starts it with an environment, waits until
// /healthz answers, and stops it (SIGTERM, then SIGKILL) or kills it. A server still running when
// the calling process exits is killed with it.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ALLOCATOR_ENV } from '../allocator-env';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcessOptions {
  /**
   * The server's variables, over the caller's environment (unless `inheritEnv` is false); a variable
   * given as undefined is removed. PORT is chosen free when not given; HOST defaults to 127.0.0.1.
   */
  env: Record<string, string | undefined>;
  inheritEnv?: boolean;
  /**
   * true: the compiled server (apps/api/dist/server.js, as `npm start` runs it, with the allocator's
   * settings; build it first).
   */
  compiled?: boolean;
  /** Node's own flags before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
  /**
   * 'pipe' (default): the output is read line by line, handed to `onLine` and kept for output()
   * unless `keepOutput` is false; 'inherit' shows it; 'ignore' drops it.
   */
  stdio?: 'pipe' | 'inherit' | 'ignore';
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  keepOutput?: boolean;
  /** How long stop() waits after SIGTERM before SIGKILL (default 10 s). */
  stopTimeoutMs?: number;
}

export interface ServerProcess {
  baseURL: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed (with stdio 'pipe' and keepOutput). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** Resolves once GET /healthz answers 200; rejects when the process ends first or after `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM (the server closes its connections and exits), SIGKILL after the stop timeout. */
  stop(): Promise<void>;
  /** SIGKILL at once: a crash, the OOM killer, a pulled plug. */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Starts the server without waiting for it (see ready()). */
export async function spawnServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.env.PORT ? Number(options.env.PORT) : (await freePorts(1))[0]!;
  const env: NodeJS.ProcessEnv = {
    // As `npm start` runs it; the caller's environment wins.
    ...(options.compiled ? ALLOCATOR_ENV : {}),
    ...(options.inheritEnv === false ? {} : process.env),
    HOST: '127.0.0.1',
    ...options.env,
    PORT: String(port),
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const stdio = options.stdio ?? 'pipe';
  const entry = options.compiled
    ? ['--enable-source-maps', 'apps/api/dist/server.js']
    : ['--import', 'tsx', 'apps/api/src/server.ts'];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', stdio, stdio],
  });
  track(child);

  let printed = '';
  const keep = options.keepOutput !== false;
  if (stdio === 'pipe') {
    for (const [stream, name] of [
      [child.stdout!, 'stdout'],
      [child.stderr!, 'stderr'],
    ] as const) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        if (keep) printed += chunk;
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) options.onLine?.(line, name);
      });
      stream.on('end', () => rest && options.onLine?.(rest, name));
    }
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const baseURL = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${port}`;
  const server: ServerProcess = {
    baseURL,
    port,
    child,
    output: () => printed,
    exited,
    alive,
    ready: async (timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!alive()) {
          const { code, signal } = await exited;
          throw new Error(`Le serveur s'est arrêté au démarrage (${signal ?? `code ${code}`}) :\n${printed}`);
        }
        try {
          if ((await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(5_000) })).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await server.stop();
      throw new Error(`Le serveur ne répond pas sur ${baseURL}/healthz après ${timeoutMs} ms :\n${printed}`);
    },
    stop: async () => {
      if (!alive()) return;
      child.kill('SIGTERM');
      // A server that cannot close (requests stuck on the database) is killed after a while.
      const stuck = setTimeout(() => child.kill('SIGKILL'), options.stopTimeoutMs ?? 10_000);
      await exited;
      clearTimeout(stuck);
    },
    kill: async () => {
      if (alive()) child.kill('SIGKILL');
      return exited;
    },
  };
  return server;
}

/** Starts the server and waits until it answers (see ready()). */
export async function startServerProcess(
  options: ServerProcessOptions & { readyTimeoutMs?: number },
): Promise<ServerProcess> {
  const server = await spawnServerProcess(options);
  await server.ready(options.readyTimeoutMs);
  return server;
}

function track(child: ChildProcess) {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // The caller ended without stopping it (a failed assertion, Ctrl-C): the server must not outlive it.
  process.once('exit', () => {
    for (const orphan of running) orphan.kill('SIGKILL');
  });
}

/** `count` different free ports of 127.0.0.1 (held open together, so that they differ). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Resolves once `condition` holds (looked at every 100 ms); fails naming `what` after `timeoutMs`. */
export async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} : toujours pas après ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
