// How the backup and restore commands run: exit code 1 unless `main` settles successfully (a run
// whose work stalls, the event loop emptied before the end, must not look successful), and a refusal
// (BackupError, ConfigError) printed as its French message alone.
import { ConfigError } from '../config';
import { BackupError } from '../backup/postgres';

export function runBackupCommand(main: (args: string[]) => Promise<void>): void {
  process.exitCode = 1;
  main(process.argv.slice(2)).then(
    () => {
      process.exitCode = 0;
    },
    (error: unknown) => {
      console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
