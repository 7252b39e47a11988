// What the sessions layer keeps in the answer cache (plugins/kept-read.ts): the checked sessions, each
// for up to SESSION_REFRESH_MS, until a session is deleted or its account changed.
import type { DbOrTx } from '@comptoir/db/client';
import { forgetKept, keptInSet } from '../plugins/kept-read';
import * as repo from './sessions.repository';
import type { SessionUser } from './sessions.repository';
import { SESSION_REFRESH_MS, sessionLimits } from './session-limits';

/**
 * The tables whose changes may end a kept session: a session deleted (logout, password changed or
 * reset, revoked with psql) or its account changed. Their triggers (migration 0020) notify only then.
 */
const SESSION_TABLES = ['sessions', 'users'] as const;

/** The clock kept sessions are timed by (performance.now()); tests move it on instead of waiting. */
export const keptSessionClock = { now: () => performance.now() };

/** A session checked in the database, kept by the answer cache until `freshUntil` (keptSessionClock). */
interface CheckedSession {
  user: SessionUser;
  freshUntil: number;
}

/** The user of a live session, read in the database; keeps it alive once a minute. */
async function checkSession(db: DbOrTx, id: string): Promise<CheckedSession | undefined> {
  const checkedAt = keptSessionClock.now();
  const row = await repo.findSessionUser(db, id, sessionLimits);
  if (!row) return undefined;
  if (row.stale) await repo.touchSession(db, id);
  return {
    user: { id: row.id, login: row.login, role: row.role, codeClient: row.codeClient },
    // Checked again after SESSION_REFRESH_MS (so that it is kept alive and cannot go idle while kept),
    // and never used past its absolute expiry.
    freshUntil: checkedAt + Math.min(SESSION_REFRESH_MS, row.secondsLeft * 1000),
  };
}

/**
 * The session of this id, checked in the database at most once per SESSION_REFRESH_MS (every request
 * of a logged-in user would otherwise read it); undefined for an unknown or ended one, always looked up.
 */
export const keptSession = keptInSet({
  set: 'auth:sessions',
  tables: SESSION_TABLES,
  fresh: (checked: CheckedSession) => keptSessionClock.now() < checked.freshUntil,
  key: (id: string) => id,
  load: (db, id: string) => checkSession(db, id),
});

/** To call once sessions were deleted: this process refuses them at once (the others on the notification). */
export const sessionsEnded = (db: DbOrTx): void => forgetKept(db, ['sessions']);
