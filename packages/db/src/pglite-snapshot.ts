// A copy of the embedded database's data folder taken while it serves (backups: docs/operations.md).
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options';

/**
 * PGlite's own tarball of its data folder (dumpDataDir), taken while no transaction is open: it
 * holds every committed transaction and none half done. The checkpoint before it writes what the
 * buffer pool holds into the tables' files, so that opening the copy has little WAL to replay. The
 * tarball is built in memory: as big as the database's folder, for the time of the copy.
 */
export async function snapshotPglite(client: PGlite): Promise<Uint8Array> {
  await client.exec('CHECKPOINT');
  // dumpDataDir waits only for the statement running; the transaction lock waits for a transaction.
  const tarball = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  return new Uint8Array(await tarball.arrayBuffer());
}

/** Opens a new data folder `dataDir` from a tarball of snapshotPglite, then closes it. */
export async function restorePgliteSnapshot(dataDir: string, tarball: Uint8Array): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    ...pgliteOptions,
    loadDataDir: new Blob([tarball as Uint8Array<ArrayBuffer>]),
  });
  // Proof that it opens and answers, before the server is started on it.
  await client.query('select 1');
  await client.close();
}
