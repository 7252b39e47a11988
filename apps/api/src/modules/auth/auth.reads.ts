// The accounts' reads that other parts call as they are (docs/architecture.md, Enforcement): the
// account list of the command line and today's customer logins of the admin home. Read-only: the
// boundaries rule refuses a write in a *.reads.ts file.
import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { loginEvents, users } from '@comptoir/db/schema';
import type { UserRow } from './auth.repository';

export async function listUsers(db: DbOrTx): Promise<Omit<UserRow, 'passwordHash'>[]> {
  return db
    .select({ id: users.id, login: users.login, role: users.role, customerCode: users.customerCode })
    .from(users)
    .orderBy(asc(users.role), asc(users.login));
}

// Midnight of today in Paris, as a timestamptz.
const startOfParisDay = sql`(date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`;

/** Customer logins of today (a Paris day). */
export function countLoginsToday(db: DbOrTx): Promise<number> {
  return db.$count(
    loginEvents,
    and(gte(loginEvents.at, startOfParisDay), lt(loginEvents.at, sql`${startOfParisDay} + interval '1 day'`)),
  );
}
