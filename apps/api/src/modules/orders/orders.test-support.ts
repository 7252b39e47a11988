// Test factories of the orders module: an order with its lines, in one call.
import { eq } from 'drizzle-orm';
import { customers, orderLines, orders } from '@comptoir/db/schema';
import { createCustomer, unique, type App } from '../../test/helpers';

export type OrderValues = Partial<typeof orders.$inferInsert>;
export type LineValues = Partial<Omit<typeof orderLines.$inferInsert, 'orderId'>>;

/**
 * An order (validated, TER, by default) of `values.customerCode`, or of a new customer; its agency is
 * the customer's unless given. `lines` are numbered 1, 2, … unless they give a position.
 */
export async function createOrder(app: App, values: OrderValues = {}, lines: LineValues[] = []) {
  const customer = values.customerCode
    ? { code: values.customerCode, agencyCode: values.agencyCode }
    : await createCustomer(app, values.agencyCode ? { agencyCode: values.agencyCode } : {});
  const [order] = await app.db
    .insert(orders)
    .values({
      number: unique('BC'),
      movementType: 'web',
      amountHt: 100,
      amountVat: 20,
      amountTtc: 120,
      cartType: 'TER',
      paymentLabel: 'Paiement en compte',
      ...values,
      customerCode: customer.code,
      agencyCode: values.agencyCode ?? customer.agencyCode ?? (await agencyOf(app, customer.code)),
    })
    .returning();
  if (lines.length > 0)
    await app.db.insert(orderLines).values(
      lines.map((line, index) => ({
        position: index + 1,
        articleCode: `ART${index + 1}`,
        designation: `Article ${index + 1}`,
        quantity: 1,
        unit: 'U',
        unitPriceHt: 10,
        amountHt: 10,
        vatRate: 20,
        ...line,
        orderId: order!.id,
      })),
    );
  return order!;
}

async function agencyOf(app: App, customerCode: string): Promise<string> {
  const [row] = await app.db
    .select({ agencyCode: customers.agencyCode })
    .from(customers)
    .where(eq(customers.code, customerCode));
  return row!.agencyCode;
}

/** The order's row as stored now. */
export async function orderRow(app: App, id: number) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}
