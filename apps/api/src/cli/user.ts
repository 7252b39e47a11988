// Accounts from the command line (README, Accounts), on the database the server uses (same environment):
//   npm run user -- add --login L --password P --role admin
//   npm run user -- add --login L --password P --role client --client CODE
//   npm run user -- passwd --login L --password P
//   npm run user -- list
// Without --password, a password is generated and printed once.
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '@comptoir/db/client';
import { role as roleSchema } from '@comptoir/shared/auth';
import { ConfigError, loadConfig } from '../config';
import { HttpError } from '../errors';
import { listUsers } from '../modules/auth/auth.reads';
import { changePassword, createUser } from '../modules/auth/auth.service';

const USAGE = `Usage :
  npm run user -- add --login L [--password P] --role admin
  npm run user -- add --login L [--password P] --role client --client CODE
  npm run user -- passwd --login L [--password P]
  npm run user -- list`;

export class UsageError extends Error {}

/** Runs one CLI command on an open database; `print` receives the lines to show. */
export async function runUserCommand(db: Database, argv: string[], print: (line: string) => void) {
  const { positionals, values } = parseCommand(argv);
  const command = positionals[0];
  if (command === 'list') {
    const users = await listUsers(db);
    if (users.length === 0) return print('Aucun compte');
    for (const user of users)
      print(`${user.login}\t${user.role}${user.customerCode ? `\t${user.customerCode}` : ''}`);
    return;
  }
  const login = values.login?.trim();
  if (!login) throw new UsageError('--login est obligatoire');
  const password = values.password || randomBytes(12).toString('base64url');
  if (command === 'add') {
    const role = roleSchema.safeParse(values.role);
    if (!role.success) throw new UsageError('--role doit valoir admin ou client');
    await createUser(db, { login, password, role: role.data, codeClient: values.client });
    print(`Compte « ${login} » (${role.data}${values.client ? `, client ${values.client}` : ''}) créé`);
  } else {
    await changePassword(db, login, password);
    print(`Mot de passe de « ${login} » changé`);
  }
  if (!values.password) print(`Mot de passe (affiché une seule fois) : ${password}`);
}

function parseCommand(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        login: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        client: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    throw new UsageError(option ? `Option inconnue ou incomplète : ${option}` : 'Options invalides');
  }
  const command = parsed.positionals[0];
  if (parsed.values.help || !command) throw new UsageError('');
  if (!['add', 'passwd', 'list'].includes(command)) throw new UsageError(`Commande inconnue : ${command}`);
  return parsed;
}

async function main(argv: string[]) {
  parseCommand(argv); // usage errors before opening anything
  const config = loadConfig();
  const handle = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
  );
  try {
    await handle.migrate();
    await runUserCommand(handle.db, argv, (line) => console.log(line));
  } finally {
    await handle.close();
  }
}

// Run only as a script, not when a test imports runUserCommand.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof UsageError) console.error(error.message ? `${error.message}\n\n${USAGE}` : USAGE);
    else if (error instanceof HttpError || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
