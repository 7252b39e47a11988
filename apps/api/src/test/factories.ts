// Row factories for API tests: each inserts one row with the Drizzle schema and returns it. Every
// column a test leaves out gets a working default, and a missing parent row (family, unit, customer,
// agency…) is created too, so a test names only what it asserts on:
//
//   const article = await createArticle(app, { priceHt: 8.5 });
//   await createStock(app, { articleCode: article.code, agencyCode: agency.code, quantity: 3 });
//
// The first argument is the app, or anything holding a database (a DatabaseHandle).
import { defaultUnitDecimals } from '@comptoir/shared/quantity-rules';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@comptoir/db/client';
import {
  activities,
  agencies,
  articles,
  bands,
  carriers,
  customerPrices,
  customerTypes,
  customers,
  deliveryAddresses,
  families,
  orderLines,
  orders,
  settings,
  shippingFees,
  stock,
  units,
  variants,
  zones,
} from '@comptoir/db/schema';
import type { SettingKey, SettingValue } from '@comptoir/shared/domain';

/** The app under test, or a bare database handle. */
export interface HasDb {
  db: Database;
}

type Values<T extends { $inferInsert: object }> = Partial<T['$inferInsert']>;

let sequence = 0;
/** A short code unique within the test run, e.g. unique('C') → 'C3a9f01'. */
export const unique = (prefix: string) =>
  `${prefix}${(++sequence).toString(36)}${randomBytes(2).toString('hex')}`;

// ---------------------------------------------------------------- customers and agencies

export async function createAgency(host: HasDb, values: Values<typeof agencies> = {}) {
  const [row] = await host.db
    .insert(agencies)
    .values({ code: unique('A'), label: 'Agence de test', ...values })
    .returning();
  return row!;
}

export async function createCustomerType(host: HasDb, values: Values<typeof customerTypes> = {}) {
  const [row] = await host.db
    .insert(customerTypes)
    .values({ code: unique('T'), label: 'Type de test', ...values })
    .returning();
  return row!;
}

/** A professional customer; its agency and type are created unless given. */
export async function createCustomer(host: HasDb, values: Values<typeof customers> = {}) {
  const [row] = await host.db
    .insert(customers)
    .values({
      code: unique('C'),
      name: 'Client de test',
      isProfessional: true,
      ...values,
      typeCode: values.typeCode ?? (await createCustomerType(host)).code,
      agencyCode: values.agencyCode ?? (await createAgency(host)).code,
    })
    .returning();
  return row!;
}

/** A customer price: give one of customerCode/customerTypeCode, articleCode/familyCode, netPrice/discount. */
export async function createCustomerPrice(host: HasDb, values: typeof customerPrices.$inferInsert) {
  const [row] = await host.db.insert(customerPrices).values(values).returning();
  return row!;
}

/** A delivery address of `values.customerCode`, or of a new customer. */
export async function createDeliveryAddress(host: HasDb, values: Values<typeof deliveryAddresses> = {}) {
  const [row] = await host.db
    .insert(deliveryAddresses)
    .values({
      label: 'Dépôt',
      line1: '1 rue du Port',
      postalCode: '69007',
      city: 'Lyon',
      ...values,
      customerCode: values.customerCode ?? (await createCustomer(host)).code,
    })
    .returning();
  return row!;
}

// ---------------------------------------------------------------- settings

/** A stored setting; a key without a row reads as its default. */
export async function createSetting<K extends SettingKey>(host: HasDb, key: K, value: SettingValue<K>) {
  const [row] = await host.db.insert(settings).values({ key, value }).returning();
  return row!;
}

// ---------------------------------------------------------------- catalogue

export async function createActivity(host: HasDb, values: Values<typeof activities> = {}) {
  const [row] = await host.db
    .insert(activities)
    .values({ code: unique('ACT'), label: 'Activité de test', ...values })
    .returning();
  return row!;
}

/** A family of the sales plan: a root unless it has a parent, one level below its parent. */
export async function createFamily(host: HasDb, values: Values<typeof families> = {}) {
  const level = values.level ?? (values.parentCode ? (await familyLevel(host, values.parentCode)) + 1 : 1);
  const [row] = await host.db
    .insert(families)
    .values({ code: unique('F'), label: 'Famille de test', ...values, level })
    .returning();
  return row!;
}

async function familyLevel(host: HasDb, code: string): Promise<number> {
  const [row] = await host.db.select({ level: families.level }).from(families).where(eq(families.code, code));
  if (!row) throw new Error(`createFamily: unknown parent family ${code}`);
  return row.level;
}

/**
 * The unit `code`, created with `label` and its decimals (by default those a unit the ERP creates gets,
 * defaultUnitDecimals) unless it already exists (then returned as stored).
 */
export async function createUnit(
  host: HasDb,
  code = 'U',
  label = code,
  decimals = defaultUnitDecimals(code),
) {
  await host.db.insert(units).values({ code, label, decimals }).onConflictDoNothing();
  const [row] = await host.db.select().from(units).where(eq(units.code, code));
  return row!;
}

/**
 * An active article at 10 € HT (VAT 20 %), sold, stocked and prepared by the unit 'U' unless told;
 * its family is created unless given, its units whenever missing. designation1 is 'Article <code>'.
 */
export async function createArticle(host: HasDb, values: Values<typeof articles> = {}) {
  const code = values.code ?? unique('ART');
  const saleUnit = values.saleUnit ?? 'U';
  const stockUnit = values.stockUnit ?? 'U';
  const prepUnit = values.prepUnit ?? 'U';
  for (const unit of new Set([saleUnit, stockUnit, prepUnit])) await createUnit(host, unit);
  const [row] = await host.db
    .insert(articles)
    .values({
      designation1: `Article ${code}`,
      priceHt: 10,
      ...values,
      code,
      saleUnit,
      stockUnit,
      prepUnit,
      familyCode: values.familyCode ?? (await createFamily(host)).code,
    })
    .returning();
  return row!;
}

/** A declinaison of `values.articleCode`, or of a new article; priced as its article unless given. */
export async function createVariant(host: HasDb, values: Values<typeof variants> = {}) {
  const [row] = await host.db
    .insert(variants)
    .values({
      code: unique('V'),
      designation: 'Déclinaison de test',
      ...values,
      articleCode: values.articleCode ?? (await createArticle(host)).code,
    })
    .returning();
  return row!;
}

/** The stock of an article (of one declinaison when variantCode is given) in an agency. */
export async function createStock(host: HasDb, values: Values<typeof stock> = {}) {
  const [row] = await host.db
    .insert(stock)
    .values({
      quantity: 10,
      ...values,
      articleCode: values.articleCode ?? (await createArticle(host)).code,
      agencyCode: values.agencyCode ?? (await createAgency(host)).code,
    })
    .returning();
  return row!;
}

// ---------------------------------------------------------------- shipping

export async function createZone(host: HasDb, values: Values<typeof zones> = {}) {
  const [row] = await host.db
    .insert(zones)
    .values({ label: unique('Zone '), ...values })
    .returning();
  return row!;
}

/** A tranche: by weight from 0 kg, not progressive, unless told. */
export async function createBand(host: HasDb, values: Values<typeof bands> = {}) {
  const [row] = await host.db
    .insert(bands)
    .values({ label: 'Tranche de test', feeType: 'poids', start: 0, ...values })
    .returning();
  return row!;
}

/**
 * A forfait of 10 €. Nothing is linked unless given: an absent zone, agency, family or tranche
 * means something to the fee rules, so the test says which it wants.
 */
export async function createShippingFee(host: HasDb, values: Values<typeof shippingFees> = {}) {
  const [row] = await host.db
    .insert(shippingFees)
    .values({ amount: 10, ...values })
    .returning();
  return row!;
}

/** An active carrier at position 0, without forfait. */
export async function createCarrier(host: HasDb, values: Values<typeof carriers> = {}) {
  const [row] = await host.db
    .insert(carriers)
    .values({ name: 'Transporteur de test', ...values })
    .returning();
  return row!;
}

// ---------------------------------------------------------------- orders

export type OrderValues = Values<typeof orders>;
export type OrderLineValues = Partial<Omit<typeof orderLines.$inferInsert, 'orderId'>>;

/**
 * An order (validated, TER, by default) of `values.customerCode`, or of a new customer; its agency is
 * the customer's unless given. `lines` are numbered 1, 2, … unless they give a position.
 */
export async function createOrder(host: HasDb, values: OrderValues = {}, lines: OrderLineValues[] = []) {
  const customer = values.customerCode
    ? { code: values.customerCode, agencyCode: values.agencyCode }
    : await createCustomer(host, values.agencyCode ? { agencyCode: values.agencyCode } : {});
  const [order] = await host.db
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
      agencyCode: values.agencyCode ?? customer.agencyCode ?? (await agencyOf(host, customer.code)),
    })
    .returning();
  if (lines.length > 0)
    await host.db.insert(orderLines).values(
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

async function agencyOf(host: HasDb, customerCode: string): Promise<string> {
  const [row] = await host.db
    .select({ agencyCode: customers.agencyCode })
    .from(customers)
    .where(eq(customers.code, customerCode));
  return row!.agencyCode;
}

/** The order's row as stored now, to check what a request changed. */
export async function orderRow(host: HasDb, id: number) {
  const [row] = await host.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}
