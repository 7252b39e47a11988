// The server under load and what the benchmarks ask of it outside the measures: start and stop (the
// compiled server as `npm start` runs it, its output tallied or dropped; a bare Fastify as the same
// run's ceiling), its memory and CPU read from /proc, its accounts made with the operators' CLI, the
// set-up requests (login, JSON), the local PostgreSQL's maintenance statements and the commit measured.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import {
  freePorts,
  repoRoot,
  spawnServerProcess,
  type ServerProcess,
} from '../apps/api/src/test/server-process';

export type BenchDatabase = 'pglite' | 'postgres';

/** The compiled server, its output dropped (the HTTP benchmark, Lighthouse). */
export const startCompiledServer = (env: NodeJS.ProcessEnv) =>
  spawnServerProcess({ env, inheritEnv: false, compiled: true, stdio: 'ignore', stopTimeoutMs: 30_000 });

export interface ServerLog {
  file: string;
  /** Lines pino logged at error level or above (a 500 is logged once, at error level). */
  errors: number;
  warnings: number;
  samples: string[];
  warningSamples: string[];
  /** The server's "Prêt sur" lines: one per server process serving. */
  serving: number;
}

export const emptyServerLog = (file: string): ServerLog => ({
  file,
  errors: 0,
  warnings: 0,
  serving: 0,
  samples: [],
  warningSamples: [],
});

export async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Serveur : pas prêt après ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The compiled server, its output written to the log file and tallied (pino's JSON lines by level). */
export function startLoggedServer(
  env: NodeJS.ProcessEnv,
  log: ServerLog,
  print: (line: string) => void,
  nodeArgs?: string[],
): Promise<ServerProcess> {
  const out = fs.createWriteStream(log.file, { flags: 'a' });
  const onLine = (line: string) => {
    out.write(line + '\n');
    let level: number;
    try {
      level = (JSON.parse(line) as { level?: number }).level ?? 0;
    } catch {
      // the server's own lines ('[comptoir] …') and anything on stderr that is not pino's
      if (line.trim()) print(`  serveur | ${line}`);
      if (line.includes('Prêt sur ')) log.serving++;
      if (/error/i.test(line)) recordServerError(log, line);
      return;
    }
    if (level >= 50) recordServerError(log, line);
    else if (level >= 40 && log.warnings++ < 10) log.warningSamples.push(line.slice(0, 1000));
  };
  return spawnServerProcess({
    env,
    inheritEnv: false,
    compiled: true,
    nodeArgs,
    onLine,
    keepOutput: false,
    // SIGTERM lets it close cleanly; a server still busy after 30 s is killed.
    stopTimeoutMs: 30_000,
  }).then((server) => {
    void server.exited.then(() => out.end());
    return server;
  });
}

function recordServerError(log: ServerLog, line: string) {
  log.errors++;
  if (log.samples.length < 20) log.samples.push(line.slice(0, 2000));
}

/** A bare Fastify answering a constant JSON: the ceiling of any route on this machine, in this run. */
export async function startBareFastify(): Promise<{ url: string; stop: () => void }> {
  const [port] = await freePorts(1);
  const script = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ ok: true, texte: 'Comptoir' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    console.log('ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`Fastify nu : arrêt (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} → ${code}`)),
    );
  });
}

/** A customer's account, made with the operators' CLI (`npm run user -- add`), the server stopped. */
export function addCustomerAccount(
  account: { login: string; password: string; code: string },
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const args = ['run', '--silent', 'user', '--', 'add', '--login', account.login, '--password'];
  return runCommand('npm', [...args, account.password, '--role', 'client', '--client', account.code], env);
}

// ---------------------------------------------------------------- /proc

// Linux reports utime and stime in clock ticks: USER_HZ is 100 on every architecture Node runs on.
const CLOCK_TICKS = 100;

/** The accept queue of the server's listening socket (its rx_queue in /proc/net/tcp). */
export function readAcceptQueue(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, local, , state, queues] = line.trim().split(/\s+/);
    if (state === '0A' && local?.endsWith(`:${hexPort}`)) return parseInt(queues!.split(':')[1]!, 16);
  }
  return 0;
}

/**
 * The server's RSS and CPU seconds so far: of the process and of its child processes (the server
 * processes a WORKERS supervisor forked; a worker that died takes its CPU seconds with it).
 */
export function readProc(pid: number): { rssMb: number; cpuSeconds: number; load: number } {
  let rssKb = 0;
  let cpuSeconds = 0;
  for (const member of [pid, ...childrenOf(pid)]) {
    const status = fs.readFileSync(`/proc/${member}/status`, 'utf8');
    rssKb += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${member}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    cpuSeconds += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  }
  const load = Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  return { rssMb: rssKb / 1024, cpuSeconds, load };
}

function childrenOf(pid: number): number[] {
  try {
    const list = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return list ? list.split(' ').map(Number) : [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------- set-up requests

export async function login(baseUrl: string, account: { login: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: account.login, password: account.password }),
  });
  if (!response.ok)
    throw new Error(`Connexion de ${account.login} : ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('comptoir_session='));
  if (!cookie) throw new Error(`Connexion de ${account.login} : pas de cookie de session`);
  return cookie.split(';')[0]!;
}

export async function getJson<T>(baseUrl: string, url: string, cookie?: string): Promise<T> {
  const response = await fetch(baseUrl + url, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`GET ${url} : ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** One answer to `url`, read whole; anything but a 2xx throws. */
export async function settle(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(120_000) });
  if (!response.ok) throw new Error(`GET ${url} : ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

/** The `message` of a JSON error answer, if any. */
export function readMessage(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { message?: string }).message;
  } catch {
    return undefined;
  }
}

/** One statement on the local server's maintenance connection (create or drop a database). */
export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url, application_name: 'comptoir-bench' });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}
