// Every access to the mail outbox (docs/contract/e-mails.md, The outbox).
import { and, asc, count, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { mailOutbox } from '@comptoir/db/schema';

export type MailKind =
  'order-confirmation' | 'payment-refused' | 'account-created' | 'password-reset' | 'account-invitation';

export interface NewOutboxMail {
  kind: MailKind;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  at: Date;
}

/** Inside the caller's transaction: the mail is queued, due at once. */
export async function insertMail(tx: DbOrTx, mail: NewOutboxMail): Promise<void> {
  const { at, ...composed } = mail;
  await tx.insert(mailOutbox).values({ ...composed, nextAttemptAt: at, createdAt: at });
}

export interface ClaimedMail {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  createdAt: Date;
}

/**
 * Claims up to `limit` due mails until `leaseEnd`, in one statement: rows another server is claiming
 * are skipped (FOR UPDATE SKIP LOCKED), and a claimed row is not due again before its lease ends.
 * The attempt is counted here: a server dying mid-send still used one.
 */
export function claimDue(db: DbOrTx, now: Date, leaseEnd: Date, limit: number): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ claimedUntil: leaseEnd, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
    });
}

/** Sent: its bodies are emptied (a reset link must not stay readable in the database). */
export async function markSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', doneAt: at, claimedUntil: null, lastError: null, text: '', html: '' })
    .where(eq(mailOutbox.id, id));
}

/** Not sent this time: tried again at `nextAttemptAt`, unless another server sent it meanwhile. */
export async function markRetry(db: DbOrTx, id: number, nextAttemptAt: Date, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt, claimedUntil: null, lastError: error })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** Given up: kept, with its last error, for the back-office home to count. */
export async function markFailed(db: DbOrTx, id: number, at: Date, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', doneAt: at, claimedUntil: null, lastError: error })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** Sent and failed mails done before `before` go. */
export async function deleteDoneBefore(db: DbOrTx, before: Date): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['sent', 'failed']), lt(mailOutbox.doneAt, before)));
}

/** The mails waiting (or retrying) and those given up. */
export async function countUnsent(db: DbOrTx): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'failed']))
    .groupBy(mailOutbox.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { pending: of('pending'), failed: of('failed') };
}
