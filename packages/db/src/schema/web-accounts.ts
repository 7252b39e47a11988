// The web accounts' own tables (docs/contract/accounts.md), owned by the accounts module: what the
// back office's 'Comptes' page adds to a login of `users` (its name, state and last login) and the
// invitation links. A login without a profile row is an active account without a name.
import { ACCOUNT_STATES } from '@comptoir/shared/accounts-texts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const accountProfiles = pgTable(
  'account_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    /** invite (no password chosen yet), actif, desactive (cannot log in). */
    state: text('state', { enum: ACCOUNT_STATES }).notNull().default('actif'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  () => [
    check(
      'account_profiles_state',
      sql.raw(`"state" in (${ACCOUNT_STATES.map((state) => `'${state}'`).join(', ')})`),
    ),
  ],
);

export const accountInvitations = pgTable(
  'account_invitations',
  {
    /** SHA-256 (keyed, as the sessions') of the mailed token: a copy of the table opens nothing. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_invitations_user_idx').on(t.userId)],
);
