// npm run restore -- FILE (docs/operations.md, Backups): a backup of npm run backup into an empty
// DATA_DIR (and FILES_DIR), and with DATABASE_URL into an empty database. Then npm start.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config';
import { BackupError } from '../backup/postgres';
import { runBackupCommand } from './run-backup-command';
import { restoreBackup } from '../backup/restore';

const USAGE = 'Usage : npm run restore -- FICHIER.tar.gz';

async function main(argv: string[]) {
  let file: string | undefined;
  try {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
    file = positionals.length === 1 ? positionals[0] : undefined;
  } catch {
    file = undefined;
  }
  if (!file) throw new BackupError(USAGE);
  const config = parseConfig();
  const report = await restoreBackup(config, path.resolve(process.env.INIT_CWD || process.cwd(), file));
  console.log(
    `Sauvegarde du ${report.manifest.date} (${report.manifest.database}, version ${report.manifest.appVersion}) ` +
      `restaurée dans ${config.dataDir} : base et ${report.files} fichiers, en ${report.seconds.toFixed(1)} s`,
  );
}

runBackupCommand(main);
