// The database handle of the app. Its owner (server.ts, the test helper) opens and closes it.
import fp from 'fastify-plugin';
import type { Database } from '@comptoir/db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export default fp<{ db: Database }>(
  async (app, { db }) => {
    app.decorate('db', db);
  },
  { name: 'db' },
);
