// Run with tsx while the server is stopped (PGlite admits one process): puts a test shop's data in
// the state a browser test needs — settings, customers' credit limits and e-mails, their orders on
// account invoiced — as an administrator's screens and the ERP's files would. Argument: the JSON of a ShopState.
import { inArray, sql } from 'drizzle-orm';
import { openDatabase } from '@comptoir/db/client';
import { customers, orders, settings } from '@comptoir/db/schema';

export interface ShopState {
  settings?: Record<string, unknown>;
  /** Customer code → credit limit TTC. */
  creditLimits?: Record<string, number>;
  /** Customers whose orders on account are all invoiced (nothing outstanding). */
  invoicedCustomers?: string[];
  /** Customer code → e-mail address (the shop's mails go there). */
  customerEmails?: Record<string, string>;
  /** More customer logins (startOwnServer creates them, as the test customer's). */
  accounts?: { login: string; password: string; code: string }[];
}

const state = JSON.parse(process.argv[2] ?? '{}') as ShopState;
const handle = await openDatabase({ dataDir: process.env.PGLITE_DIR! });
await handle.db.transaction(async (tx) => {
  for (const [key, value] of Object.entries(state.settings ?? {}))
    await tx
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
  for (const [code, limit] of Object.entries(state.creditLimits ?? {}))
    await tx
      .update(customers)
      .set({ creditLimit: limit })
      .where(sql`${customers.code} = ${code}`);
  for (const [code, email] of Object.entries(state.customerEmails ?? {}))
    await tx
      .update(customers)
      .set({ email })
      .where(sql`${customers.code} = ${code}`);
  if (state.invoicedCustomers?.length)
    await tx
      .update(orders)
      .set({ status: 'E_FAC' })
      .where(sql`${inArray(orders.customerCode, state.invoicedCustomers)} and ${orders.cartType} = 'TER'`);
});
await handle.close();
