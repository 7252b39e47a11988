// Settings and their history. (packages/db/src/schema.ts re-exports every file of the schema.)
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Key/value settings; each key's value is typed by its schema in packages/shared. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a setting made from the back office: who, when, the value before and after. */
export const settingsHistory = pgTable(
  'settings_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    /** The value the setting had (its default when never stored); SQL null for a null value. */
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept even when the account is deleted. */
    login: text('login').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('settings_history_changed_at_idx').on(t.changedAt, t.id)],
);
