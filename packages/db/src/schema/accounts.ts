// Accounts: users, sessions, login limits, reset links and logins. (packages/db/src/schema.ts re-exports every file of the schema.)
import { roles } from '@comptoir/shared/auth';
import { bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { customers } from './customers';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  login: text('login').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: roles }).notNull(),
  customerCode: text('customer_code').references(() => customers.code),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a stolen database does not yield live sessions. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The absolute limit: the session ends then, however active. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The last request seen (refreshed at most once a minute): the idle limit counts from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Login attempts counted per fixed window, shared by every instance on the database. `key` is a
 * keyed hash of what is counted (an address, a login, or both), never the login or address itself.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('login_attempts_window_start_idx').on(t.windowStart)],
);

/**
 * Forgotten-password links: the token mailed to the customer is stored only as its keyed hash; a
 * token is used once (used_at) and ends at expires_at.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Customer logins; statistics count them (connexions, premiereco). */
export const loginEvents = pgTable(
  'login_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerCode: text('customer_code')
      .notNull()
      .references(() => customers.code),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_events_at_idx').on(t.at),
    index('login_events_customer_at_idx').on(t.customerCode, t.at),
  ],
);
