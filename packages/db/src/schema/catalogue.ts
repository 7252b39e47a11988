// Catalogue: activities, families, articles, their variants, units and stock. (packages/db/src/schema.ts re-exports every file of the schema.)
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { measure, createdAt } from './columns';
import { agencies } from './customers';

export const activities = pgTable('activities', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  position: integer('position').notNull().default(0),
});

/** The sales plan (plan de vente): a tree of families, up to 4 levels. */
export const families = pgTable(
  'families',
  {
    code: text('code').primaryKey(),
    label: text('label').notNull(),
    parentCode: text('parent_code').references((): any => families.code, { onDelete: 'cascade' }), // eslint-disable-line @typescript-eslint/no-explicit-any
    level: integer('level').notNull(),
    activityCode: text('activity_code').references(() => activities.code),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('families_parent_idx').on(t.parentCode, t.position)],
);

export const units = pgTable(
  'units',
  {
    code: text('code').primaryKey(),
    label: text('label').notNull(),
    /** Decimals a quantity in this unit may have: 0 whole units (sacks, pieces), 2 metres, kilograms… */
    decimals: smallint('decimals').notNull().default(0),
  },
  (t) => [check('units_decimals', sql`${t.decimals} between 0 and 3`)],
);

export const articles = pgTable(
  'articles',
  {
    code: text('code').primaryKey(),
    designation1: text('designation1').notNull(),
    designation2: text('designation2'),
    description: text('description'),
    familyCode: text('family_code')
      .notNull()
      .references(() => families.code),
    priceHt: numeric('price_ht', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(20),
    saleUnit: text('sale_unit')
      .notNull()
      .references(() => units.code),
    stockUnit: text('stock_unit')
      .notNull()
      .references(() => units.code),
    prepUnit: text('prep_unit')
      .notNull()
      .references(() => units.code),
    length: measure('length'),
    width: measure('width'),
    height: measure('height'),
    density: measure('density'),
    weight: measure('weight'),
    diameter: measure('diameter'),
    capacity: measure('capacity'),
    dimensionUnit: text('dimension_unit'),
    weightUnit: text('weight_unit'),
    image: text('image'),
    /** The least quantity of a line, in the sale unit; null: any. */
    minQuantity: measure('min_quantity'),
    /** The quantity is a multiple of it ('vendu par 10'); null: none. */
    saleMultiple: measure('sale_multiple'),
    /** Days the supplier takes when the article is ordered out of stock; null: not ordered out of stock. */
    backorderDays: integer('backorder_days'),
    /** Free attributes (property → value), used by groupings. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('articles_family_idx').on(t.familyCode),
    index('articles_designation_trgm_idx').using(
      'gin',
      sql`immutable_unaccent(lower(${t.designation1})) gin_trgm_ops`,
    ),
  ],
);

/** Declinaisons: the variants of an article. */
export const variants = pgTable(
  'variants',
  {
    articleCode: text('article_code')
      .notNull()
      .references(() => articles.code, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    designation: text('designation').notNull(),
    /** Attribute → value, e.g. { COULEUR: 'Gris', LONGUEUR: '2,50 m' }. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    priceHt: numeric('price_ht', { precision: 12, scale: 4, mode: 'number' }),
    weight: measure('weight'),
  },
  (t) => [primaryKey({ columns: [t.articleCode, t.code] })],
);

/** Stock per agency; variantCode is '' for an article without declinaisons. */
export const stock = pgTable(
  'stock',
  {
    articleCode: text('article_code')
      .notNull()
      .references(() => articles.code, { onDelete: 'cascade' }),
    variantCode: text('variant_code').notNull().default(''),
    agencyCode: text('agency_code')
      .notNull()
      .references(() => agencies.code),
    quantity: measure('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleCode, t.variantCode, t.agencyCode] })],
);
