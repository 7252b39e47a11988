// The web accounts as the back office's 'Comptes' page lists them: a login of `users` (owned by the
// auth module, only read here), its profile (name, state, last login) and its customer; and the
// invitation links, stored as the keyed hash of their token.
import { and, asc, eq, gt, ilike, isNull, ne, notLike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { accountInvitations, accountProfiles, customers, users } from '@comptoir/db/schema';
import type { AccountState } from '@comptoir/shared/accounts-texts';
import type { Role } from '@comptoir/shared/auth';
import { escapeLike } from '@comptoir/shared/text';

export interface AccountRow {
  id: number;
  login: string;
  name: string | null;
  role: Role;
  state: AccountState;
  customerCode: string | null;
  customerName: string | null;
  customerEmail: string | null;
  professional: boolean | null;
  invitedAt: Date | null;
  lastLoginAt: Date | null;
}

const state = sql<AccountState>`coalesce(${accountProfiles.state}, 'actif')`;

const accountColumns = {
  id: users.id,
  login: users.login,
  name: accountProfiles.name,
  role: users.role,
  state,
  customerCode: users.customerCode,
  customerName: customers.name,
  customerEmail: customers.email,
  professional: customers.isProfessional,
  invitedAt: accountProfiles.invitedAt,
  lastLoginAt: accountProfiles.lastLoginAt,
};

// A visitor's cart session has a login of its own (see openVisitorSession): not a web account.
const notVisitor = notLike(users.login, 'visiteur-%');

function accountsOf(db: DbOrTx) {
  return db
    .select(accountColumns)
    .from(users)
    .leftJoin(accountProfiles, eq(accountProfiles.userId, users.id))
    .leftJoin(customers, eq(customers.code, users.customerCode));
}

export interface AccountFilter {
  text?: string;
  role?: Role;
  state?: AccountState;
}

function filterOf(filter: AccountFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [notVisitor];
  if (filter.text) {
    const pattern = `%${escapeLike(filter.text)}%`;
    conditions.push(
      or(
        ilike(users.login, pattern),
        ilike(accountProfiles.name, pattern),
        ilike(users.customerCode, pattern),
      ),
    );
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.state) conditions.push(sql`${state} = ${filter.state}`);
  return and(...conditions);
}

/** One page of the accounts, by login. */
export function listAccounts(
  db: DbOrTx,
  filter: AccountFilter,
  page: { offset: number; limit: number },
): Promise<AccountRow[]> {
  return accountsOf(db)
    .where(filterOf(filter))
    .orderBy(asc(users.login), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAccounts(db: DbOrTx, filter: AccountFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(accountProfiles, eq(accountProfiles.userId, users.id))
    .where(filterOf(filter));
  return row?.count ?? 0;
}

export async function findAccount(db: DbOrTx, id: number): Promise<AccountRow | undefined> {
  const [row] = await accountsOf(db).where(and(eq(users.id, id), notVisitor));
  return row;
}

/** Whether a login is this address, case ignored (older logins may hold capitals). */
export async function loginTaken(db: DbOrTx, login: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.login}) = ${login.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/** Creates or changes the profile of user `userId`; a login without one is an active account. */
export async function saveProfile(
  db: DbOrTx,
  userId: number,
  values: { name?: string; state?: AccountState; invitedAt?: Date },
): Promise<void> {
  await db
    .insert(accountProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: accountProfiles.userId, set: values });
}

/**
 * Records a login of user `userId` now and makes an invited account active (it chose a password);
 * the state it had, 'desactive' refusing the login.
 */
export async function recordLogin(db: DbOrTx, userId: number): Promise<AccountState> {
  const [before] = await db
    .select({ state: accountProfiles.state })
    .from(accountProfiles)
    .where(eq(accountProfiles.userId, userId));
  if (before?.state === 'desactive') return 'desactive';
  await db
    .insert(accountProfiles)
    .values({ userId, state: 'actif', lastLoginAt: sql`now()` })
    .onConflictDoUpdate({
      target: accountProfiles.userId,
      set: { state: 'actif', lastLoginAt: sql`now()` },
      setWhere: ne(accountProfiles.state, 'desactive'),
    });
  return before?.state ?? 'actif';
}

export async function insertInvitation(
  db: DbOrTx,
  invitation: { id: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(accountInvitations).values(invitation);
}

/** Drops every invitation link of the user (a new one replaces them). */
export async function deleteInvitations(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(accountInvitations).where(eq(accountInvitations.userId, userId));
}

/**
 * The user of a usable invitation (neither used nor expired). With `lock`, its row stays locked until
 * the transaction ends: of two uses of one link, the second finds it used.
 */
export async function findLiveInvitation(
  db: DbOrTx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<{ userId: number } | undefined> {
  const query = db
    .select({ userId: accountInvitations.userId })
    .from(accountInvitations)
    .where(
      and(
        eq(accountInvitations.id, id),
        isNull(accountInvitations.usedAt),
        gt(accountInvitations.expiresAt, sql`now()`),
      ),
    );
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** Marks the invitation used and drops the user's other ones. */
export async function useInvitation(db: DbOrTx, id: string, userId: number): Promise<void> {
  await db
    .update(accountInvitations)
    .set({ usedAt: sql`now()` })
    .where(eq(accountInvitations.id, id));
  await db
    .delete(accountInvitations)
    .where(and(eq(accountInvitations.userId, userId), ne(accountInvitations.id, id)));
}
