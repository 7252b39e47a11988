// npm run demo -w @comptoir/db -- [--scale N] [--now ISO-DATE] [--database-url URL | --data-dir DIR]
// Migrates, then loads the demo data into an EMPTY database; refuses any database that holds data.
// With --erp-files DIR it writes the same data as ERP import files instead (no database).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../client';
import { writeErpFiles } from './erp-files';
import { BASE_VOLUMES, isDatabaseEmpty, loadDemoData } from './load';

const usage = `Usage : npm run demo -w @comptoir/db -- [--scale N] [--now AAAA-MM-JJ] [--database-url URL | --data-dir DOSSIER]
  --scale N         multiplie les volumes (1 : ${BASE_VOLUMES.orders} commandes ; 170 : environ 1 million)
  --now DATE        fin des deux ans d'historique (par défaut : maintenant)
  --database-url    PostgreSQL (par défaut : DATABASE_URL)
  --data-dir        dossier PGlite (par défaut : DATA_DIR, sinon ./data)
  --erp-files DIR   écrit les données en fichiers d'import ERP dans DIR (docs/import-erp.md), sans base
  --articles N      avec --erp-files : le nombre d'articles (par défaut : selon --scale)
La base doit être vide : le chargement refuse une base qui contient déjà des données.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      now: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      'erp-files': { type: 'string' },
      articles: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const scale = Number(values.scale);
  const now = values.now ? new Date(values.now) : new Date();
  if (!(scale > 0) || Number.isNaN(now.getTime())) {
    console.error(usage);
    return 2;
  }
  if (values['database-url'] && values['data-dir']) {
    console.error('Choisissez --database-url ou --data-dir, pas les deux.');
    return 2;
  }
  if (values['erp-files']) {
    const articles = values.articles === undefined ? undefined : Number(values.articles);
    if (articles !== undefined && !(Number.isInteger(articles) && articles > 0)) {
      console.error(usage);
      return 2;
    }
    const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), values['erp-files']);
    const written = await writeErpFiles(dir, { scale, articles, now, log: (line) => console.log(line) });
    console.log(`Fichiers ERP écrits dans ${dir}`);
    for (const [file, rows] of Object.entries(written)) console.log(`  ${file} : ${rows} lignes`);
    return 0;
  }
  const databaseUrl = values['database-url'] ?? (values['data-dir'] ? undefined : process.env.DATABASE_URL);
  // npm runs workspace scripts in the package folder; relative paths are the caller's.
  const callerDir = process.env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(callerDir, values['data-dir'] ?? process.env.DATA_DIR ?? 'data');

  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    console.log(databaseUrl ? 'Base PostgreSQL' : `Base PGlite dans ${dataDir}`);
    await handle.migrate();
    if (!(await isDatabaseEmpty(handle.db))) {
      console.error(
        'La base contient déjà des données : les données de démonstration ne se chargent que dans une base vide.',
      );
      return 1;
    }
    const summary = await loadDemoData(handle.db, { scale, now, log: (line) => console.log(line) });
    for (const [table, count] of Object.entries(summary.counts)) console.log(`  ${table} : ${count}`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
