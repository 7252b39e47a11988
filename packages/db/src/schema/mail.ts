// The mail outbox. (packages/db/src/schema.ts re-exports every file of the schema.)
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Outgoing mail (mail module, docs/contract/e-mails.md): written, composed, in the transaction that
 * caused it, and sent from here by the mail sender, with retries. `claimed_until` is the lease of the
 * server sending it; once sent, its text and HTML are emptied (a reset link must not stay readable).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the mail is: order-confirmation, payment-refused, account-created, password-reset. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** pending (waiting or retrying), sent, failed (given up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When it was sent or given up. */
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_outbox_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_done_idx').on(t.status, t.doneAt),
  ],
);
