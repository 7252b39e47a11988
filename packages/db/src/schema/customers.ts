// Customers and agencies: the reference data of who buys where. (packages/db/src/schema.ts re-exports every file of the schema.)
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { money, createdAt } from './columns';

export const agencies = pgTable('agencies', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  address: text('address'),
  postalCode: text('postal_code'),
  city: text('city'),
  phone: text('phone'),
  /**
   * Where a customer of this agency queries live stock: a URL template with {codeArticle},
   * {codeDeclinaison} and {codeAgence}; null when the agency has none.
   */
  stockQueryUrl: text('stock_query_url'),
  /** Opening hours as the ERP writes them ('Lundi au vendredi 7 h – 12 h, 13 h 30 – 17 h 30'); null: none. */
  openingHours: text('opening_hours'),
});

export const zones = pgTable('zones', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique(),
});

export const customerTypes = pgTable('customer_types', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
});

export const customers = pgTable(
  'customers',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    typeCode: text('type_code')
      .notNull()
      .references(() => customerTypes.code),
    agencyCode: text('agency_code')
      .notNull()
      .references(() => agencies.code),
    isProfessional: boolean('is_professional').notNull(),
    email: text('email'),
    phone: text('phone'),
    siret: text('siret'),
    creditLimit: money('credit_limit'),
    createdAt: createdAt(),
  },
  (t) => [
    index('customers_name_trgm_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`),
    // The forgotten-password request finds the accounts by their customer's e-mail.
    index('customers_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial('id').primaryKey(),
    customerCode: text('customer_code')
      .notNull()
      .references(() => customers.code, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    zoneId: integer('zone_id').references(() => zones.id),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('delivery_addresses_customer_idx').on(t.customerCode)],
);
