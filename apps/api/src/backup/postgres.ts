// The PostgreSQL side of backups (docs/operations.md, Backups): pg_dump and pg_restore of the
// PostgreSQL client tools, of the server's major version or newer.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

export class BackupError extends Error {}

/** The connection string without its password, which goes in PGPASSWORD (not on a command line). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>('show server_version_num');
    return Math.floor(Number(rows[0]!.v) / 10000);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new BackupError(`${command} introuvable : installez les outils clients de PostgreSQL`)
          : error,
      ),
    );
    child.once('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new BackupError(`${command} a échoué (code ${code}) :\n${output.trim()}`)),
    );
  });
}

/** pg_dump or pg_restore: Debian's of the server's version when installed, else the one on PATH. */
async function tool(name: 'pg_dump' | 'pg_restore', url: string): Promise<string> {
  const major = await serverMajor(url);
  const debian = `/usr/lib/postgresql/${major}/bin/${name}`;
  const command = fs.existsSync(debian) ? debian : name;
  const version = /(\d+)(?:\.\d+)?/.exec(await run(command, ['--version']))?.[1];
  if (Number(version) < major)
    throw new BackupError(
      `${command} est de la version ${version} et le serveur de la version ${major} : installez les outils clients de PostgreSQL ${major}`,
    );
  return command;
}

/** The whole database in pg_dump's custom format, into `file`. */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run(
    await tool('pg_dump', url),
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/** Restores `file` into the (empty) database, in one transaction: all of it or nothing. */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run(
    await tool('pg_restore', url),
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, file],
    env,
  );
}

/** Whether the database holds no table, view or sequence of its own (a fresh database). */
export async function isPostgresEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
          and n.nspname not like 'pg_temp%'`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}
