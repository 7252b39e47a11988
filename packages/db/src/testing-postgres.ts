// For the tests that need the PostgreSQL server itself, whatever TEST_DATABASE_URL says: the local
// server every machine and CI have, or TEST_DATABASE_URL when given.
import pg from 'pg';

export const postgresServerUrl =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Ends one backend from another connection, as a restart or an administrator would, and returns once
 * it is gone: its farewell is then on the socket of the client that held it.
 */
export async function terminateBackend(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresServerUrl });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
      if (rows.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.end();
  }
}
