// What the server does to its database before serving: migrate, load the demo set into an empty
// database (DEMO_DATA=1), create the first administrator (README, Accounts).
import type { DatabaseHandle } from '@comptoir/db/client';
import { isDatabaseEmpty, loadDemoData } from '@comptoir/db/demo/load';
import { writeDemoDocuments } from './modules/documents/documents.service';
import type { Config } from './config';
import { createDemoCustomerAccounts, ensureFirstAdmin } from './modules/auth/auth.service';

export type Print = (line: string) => void;

/**
 * One server at a time: servers started together on one database (a scaled-out start, a rolling
 * deploy) would otherwise race to create the extensions, the tables and the first administrator.
 */
export function prepareDatabase(handle: DatabaseHandle, config: Config, print: Print): Promise<void> {
  return handle.exclusively('comptoir.prepare-database', () => prepare(handle, config, print));
}

async function prepare(handle: DatabaseHandle, config: Config, print: Print): Promise<void> {
  const started = Date.now();
  await handle.migrate();
  print(
    `Base ${handle.kind === 'pglite' ? `PGlite (${config.pgliteDir})` : 'PostgreSQL'} à jour (${Date.now() - started} ms)`,
  );

  const demoLoaded = config.demoData && (await isDatabaseEmpty(handle.db));
  if (demoLoaded) {
    print('Base vide : chargement des données de démonstration (DEMO_DATA=1)…');
    await loadDemoData(handle.db, { log: print });
    print(`Documents de démonstration : ${await writeDemoDocuments(handle.db, config.documentsDir)} PDF`);
  }

  const admin = await ensureFirstAdmin(handle.db, {
    login: config.adminLogin,
    password: config.adminPassword,
  });
  if (admin?.generated) {
    print(
      `Administrateur « ${admin.login} » créé. Mot de passe (affiché une seule fois) : ${admin.password}`,
    );
  } else if (admin) {
    print(`Administrateur « ${admin.login} » créé avec ADMIN_PASSWORD`);
  }
  // Printed with the administrator's, once: the passwords are generated and kept nowhere else.
  if (demoLoaded) {
    for (const account of await createDemoCustomerAccounts(handle.db))
      print(
        `Client de démonstration ${account.kind} « ${account.login} » (client ${account.codeClient}). ` +
          `Mot de passe (affiché une seule fois) : ${account.password}`,
      );
  }
}
