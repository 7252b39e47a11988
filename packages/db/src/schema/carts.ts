// Carts, their lines, visitor addresses and site tags. (packages/db/src/schema.ts re-exports every file of the schema.)
import type { DimensionValues as CutDimensions } from '@comptoir/shared/cut-to-size';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { measure, createdAt } from './columns';
import { articles } from './catalogue';
import { zones, customers } from './customers';
import { users } from './accounts';

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    articleCode: text('article_code')
      .notNull()
      .references(() => articles.code),
    variantCode: text('variant_code').notNull().default(''),
    quantity: measure('quantity').notNull(),
    /** A line cut to size: its number of pieces (quantity is then what cutQuantity priced). */
    pieces: integer('pieces'),
    /** A line cut to size: the dimensions of one piece (packages/shared/src/cut-to-size.ts). */
    dimensions: jsonb('dimensions').$type<CutDimensions>(),
    /** The chantier (job site) tag of this line. */
    siteTag: text('site_tag'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_lines_cart_idx').on(t.cartId)],
);

/**
 * The delivery addresses a visitor typed in its cart session (ordering without an account): its own,
 * never another visitor's nor the visitor customer's; they go with the visitor's session account.
 */
export const visitorAddresses = pgTable(
  'visitor_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    /** Found from the postal code as for a customer's own address (zoneOfPostalCode). */
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('visitor_addresses_user_idx').on(t.userId)],
);

/** The chantier tags a customer has created, offered by the tag picker. */
export const siteTags = pgTable(
  'site_tags',
  {
    customerCode: text('customer_code')
      .notNull()
      .references(() => customers.code, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerCode, t.name] })],
);
