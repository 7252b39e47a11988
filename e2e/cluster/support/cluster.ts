// Two API servers on one PostgreSQL scratch database, behind Debian's nginx terminating https and
// balancing round-robin between them, as an operator would run them: one SESSION_SECRET, one
// FILES_DIR, TRUST_PROXY=1 (README, Configuration). Every process started here is stopped by stop(),
// and by the exit hook if the test process ends first.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  freePorts,
  repoRoot,
  spawnServerProcess,
  type ServerProcessOptions,
} from '../../../apps/api/src/test/server-process';
import { send, type Target } from './http';
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const nginxBinary = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

export const ADMIN = { login: 'admin', password: 'cluster-admin-mot-de-passe' } as const;
export const CUSTOMER = {
  login: 'client-cluster',
  password: 'cluster-client-mot-de-passe',
  code: 'C000001',
} as const;
/** An administrator whose login the per-login limit test guesses at (and locks for a minute). */
export const GUESSED = { login: 'cible-cluster', password: 'cluster-cible-mot-de-passe' } as const;

export interface Cluster {
  /** nginx, over https. */
  proxy: Target;
  /** The two servers, over plain http; each one's name is its address as nginx reports it. */
  servers: [Target, Target];
  databaseUrl: string;
  /** The FILES_DIR both servers share. */
  filesDir: string;
  /** Seconds each step of the start took. */
  timings: Record<string, number>;
  /** The processes still running. */
  running: () => ChildProcess[];
  stop: () => Promise<void>;
}

const children = new Set<ChildProcess>();
const folders = new Set<string>();
// An interrupted run (Ctrl-C) skips stop(): its processes and folder go here, its database at the
// next start (dropStaleDatabases). Only a SIGKILL of the test process leaves its servers running.
process.once('exit', () => {
  for (const child of children) child.kill('SIGTERM');
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** This run's databases are named after its process, so that a later run knows when they are orphans. */
const DATABASE_PREFIX = 'comptoir_cluster_';

export async function startCluster(): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-cluster-'));
  folders.add(dir);
  const databaseName = `${DATABASE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
  const started: ChildProcess[] = [];
  const timings: Record<string, number> = {};
  let databaseCreated = false;
  let clock = Date.now();
  const lap = (name: string) => {
    timings[name] = (Date.now() - clock) / 1000;
    clock = Date.now();
  };

  const stop = async () => {
    // nginx first, so that nothing reaches a server while it stops.
    for (const child of [...started].reverse()) await stopProcess(child);
    if (databaseCreated) await dropDatabase(databaseName);
    fs.rmSync(dir, { recursive: true, force: true });
    folders.delete(dir);
  };

  try {
    await dropStaleDatabases();
    await withClient(serverUrl, (client) => client.query(`create database ${databaseName}`));
    databaseCreated = true;
    lap('base créée');

    const [portA, portB, proxyPort] = await freePorts(3);
    const common: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      FILES_DIR: path.join(dir, 'files'),
      TRUST_PROXY: '1',
      DEMO_DATA: '0',
      ADMIN_LOGIN: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    };
    const envOf = (port: number, name: string) => ({
      ...common,
      PORT: String(port),
      DATA_DIR: path.join(dir, name),
    });
    const servers: [Target, Target] = [
      { name: `127.0.0.1:${portA}`, url: `http://127.0.0.1:${portA}` },
      { name: `127.0.0.1:${portB}`, url: `http://127.0.0.1:${portB}` },
    ];

    // A first: it migrates the empty database and creates the administrator.
    const serverA = await spawnServerProcess(serverOptions(envOf(portA!, 'a')));
    started.push(track(serverA.child));
    await serverA.ready();
    lap('serveur A prêt (migrations, administrateur)');

    // B starts while the rows and accounts are made.
    const serverB = await spawnServerProcess(serverOptions(envOf(portB!, 'b')));
    started.push(track(serverB.child));
    const since = (from: number) => (Date.now() - from) / 1000;
    await Promise.all([
      serverB.ready().then(() => (timings['serveur B prêt'] = since(clock))),
      seed(databaseUrl, envOf(portA!, 'a')).then(
        () => (timings['client et comptes (SQL, CLI)'] = since(clock)),
      ),
    ]);
    clock = Date.now();

    const nginxDir = path.join(dir, 'nginx');
    fs.mkdirSync(nginxDir);
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(nginxDir, 'key.pem'),
      '-out',
      path.join(nginxDir, 'cert.pem'),
    ]);
    fs.writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir, proxyPort!, [portA!, portB!]));
    const proxy: Target = {
      name: 'nginx',
      url: `https://127.0.0.1:${proxyPort}`,
      ca: fs.readFileSync(path.join(nginxDir, 'cert.pem')),
    };
    started.push(
      track(
        spawn(
          nginxBinary,
          ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-e', path.join(nginxDir, 'error.log')],
          { stdio: ['ignore', 'inherit', 'inherit'] },
        ),
      ),
    );
    await waitUntilUp(proxy, started[2]!, 20_000);
    lap('nginx prêt');

    return {
      proxy,
      servers,
      databaseUrl,
      filesDir: common.FILES_DIR!,
      timings,
      running: () => started.filter((child) => child.exitCode === null && child.signalCode === null),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** nginx as a normal process: its own prefix, pid, logs and temp folders, in the foreground. */
function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const file = (name: string) => path.join(dir, name);
  return `# Generated by e2e/cluster/support/cluster.ts
daemon off;
worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;
events { worker_connections 256; }
http {
  log_format upstream '$remote_addr "$request" $status $upstream_addr';
  access_log ${file('access.log')} upstream;
  client_body_temp_path ${file('client_body')};
  proxy_temp_path ${file('proxy')};
  fastcgi_temp_path ${file('fastcgi')};
  uwsgi_temp_path ${file('uwsgi')};
  scgi_temp_path ${file('scgi')};
  client_max_body_size 2m;

  upstream comptoir {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${file('cert.pem')};
    ssl_certificate_key ${file('key.pem')};
    location / {
      proxy_pass http://comptoir;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # The host with its port: the servers compare a browser's Origin with it.
      proxy_set_header Host $http_host;
      # Replaced, not appended to: with TRUST_PROXY=1 the servers take the first address of the
      # list as the client's, and a client must not choose it.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Tells the test which server answered.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** One customer (SQL: agency, customer type, customer) and two accounts (the operators' CLI). */
async function seed(databaseUrl: string, env: NodeJS.ProcessEnv) {
  await withClient(databaseUrl, async (client) => {
    await client.query(`insert into agencies (code, label) values ('A01', 'Agence de Lyon')`);
    await client.query(`insert into customer_types (code, label) values ('PRO', 'Professionnel')`);
    await client.query(
      `insert into customers (code, name, type_code, agency_code, is_professional)
       values ($1, 'Matériaux Dupont', 'PRO', 'A01', true)`,
      [CUSTOMER.code],
    );
  });
  const user = (...args: string[]) => run('npm', ['run', '--silent', 'user', '--', 'add', ...args], env);
  await Promise.all([
    user(
      '--login',
      CUSTOMER.login,
      '--password',
      CUSTOMER.password,
      '--role',
      'client',
      '--client',
      CUSTOMER.code,
    ),
    user('--login', GUESSED.login, '--password', GUESSED.password, '--role', 'admin'),
  ]);
}

/** A server of the cluster: what it prints on stderr is shown, pino's lines on stdout are not. */
function serverOptions(env: NodeJS.ProcessEnv): ServerProcessOptions {
  return {
    env,
    inheritEnv: false,
    keepOutput: false,
    onLine: (line, stream) => {
      if (stream === 'stderr') console.error(line);
    },
  };
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function waitUntilUp(target: Target, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${target.url} : processus arrêté (code ${child.exitCode})`);
    const reply = await send(target, 'GET', '/healthz').catch(() => null);
    if (reply?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${target.url}/healthz ne répond pas après ${timeoutMs} ms`);
}

/** SIGTERM (nginx: fast shutdown; servers: close, then exit), SIGKILL after 10 s. */
async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'comptoir-cluster-test' });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(name: string) {
  // Only the servers of its own run use it, and they are stopped (or their run is gone): FORCE ends
  // what connections may linger on this database alone.
  await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** Drops the databases of earlier runs whose process is gone (the server is local: same pids). */
async function dropStaleDatabases() {
  const { rows } = await withClient(serverUrl, (client) =>
    client.query<{ name: string }>(`select datname as name from pg_database where datname like $1`, [
      `${DATABASE_PREFIX}%`,
    ]),
  );
  for (const { name } of rows) {
    const pid = Number(/^comptoir_cluster_(\d+)_[0-9a-f]+$/.exec(name)?.[1]);
    if (pid && !isAlive(pid)) await dropDatabase(name);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] }));
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} → ${code}\n${errors}`)),
    );
  });
}
