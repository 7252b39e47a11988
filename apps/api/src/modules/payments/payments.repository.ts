import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { cardPayments } from '@comptoir/db/schema';
import type { PaymentProviderName } from '@comptoir/shared/payment';

export type CardPaymentRow = typeof cardPayments.$inferSelect;

export async function insertCardPayment(
  tx: DbOrTx,
  values: { orderId: number; provider: PaymentProviderName; amountTtc: number; mailCustomer: boolean },
): Promise<void> {
  await tx.insert(cardPayments).values(values);
}

export async function setSession(db: DbOrTx, orderId: number, sessionId: string): Promise<void> {
  await db.update(cardPayments).set({ sessionId }).where(eq(cardPayments.orderId, orderId));
}

/** The payment of a provider's session, locked until the transaction ends; null when unknown. */
export async function lockBySession(
  tx: DbOrTx,
  provider: PaymentProviderName,
  sessionId: string,
): Promise<CardPaymentRow | null> {
  const [row] = await tx
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.provider, provider), eq(cardPayments.sessionId, sessionId)))
    .for('update');
  return row ?? null;
}

export async function settle(tx: DbOrTx, id: number, status: 'accepted' | 'refused'): Promise<void> {
  await tx
    .update(cardPayments)
    .set({ status, settledAt: sql`now()` })
    .where(eq(cardPayments.id, id));
}

export async function findByOrder(db: DbOrTx, orderId: number): Promise<CardPaymentRow | null> {
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.orderId, orderId));
  return row ?? null;
}
