// npm run backup -- --out FILE (docs/operations.md, Backups): the database and FILES_DIR in one
// .tar.gz, while the server runs, with the server's environment (DATA_DIR, FILES_DIR, DATABASE_URL).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config';
import { writeBackup } from '../backup/backup';
import { BackupError } from '../backup/postgres';
import { runBackupCommand } from './run-backup-command';

const USAGE = 'Usage : npm run backup -- --out FICHIER.tar.gz';

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} Mo`;

async function main(argv: string[]) {
  let out: string | undefined;
  try {
    out = parseArgs({ args: argv, options: { out: { type: 'string', short: 'o' } } }).values.out;
  } catch {
    out = undefined;
  }
  if (!out) throw new BackupError(USAGE);
  // npm runs the script in apps/api: a relative name is the caller's.
  const file = path.resolve(process.env.INIT_CWD || process.cwd(), out);
  const report = await writeBackup(parseConfig(), file);
  console.log(
    `Sauvegarde écrite : ${report.file} (${megabytes(report.bytes)} ; base ${megabytes(report.databaseBytes)}, ` +
      `${report.files} fichiers, ${megabytes(report.filesBytes)}) en ${report.seconds.toFixed(1)} s`,
  );
  for (const changed of report.changed)
    console.warn(`Attention : ${changed} a changé pendant la copie (copié tel quel, complété de zéros)`);
}

runBackupCommand(main);
