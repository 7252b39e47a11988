// Merchandising: groupings, selection models, variable dimensions. (packages/db/src/schema.ts re-exports every file of the schema.)
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { units, articles } from './catalogue';

export type GroupingAttribute = {
  propriete: string;
  nature: 'OPT' | 'ERP';
  affichage: string;
  designation: string;
  suffixe: string;
};

/** Regroupements: variant articles presented as one product with attribute selectors. */
export const groupings = pgTable('groupings', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  canonicalTag: text('canonical_tag'),
  label: text('label'),
  type: text('type').notNull().default('0'),
  masterArticleCode: text('master_article_code').notNull(),
  masterVariantCode: text('master_variant_code').notNull().default(''),
  attributes: jsonb('attributes').$type<GroupingAttribute[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const groupingArticles = pgTable(
  'grouping_articles',
  {
    groupingId: integer('grouping_id')
      .notNull()
      .references(() => groupings.id, { onDelete: 'cascade' }),
    articleCode: text('article_code')
      .notNull()
      .references(() => articles.code, { onDelete: 'cascade' }),
    variantCode: text('variant_code').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.groupingId, t.articleCode, t.variantCode] }),
    index('grouping_articles_article_idx').on(t.articleCode, t.variantCode),
  ],
);

export type SelectionItem = { code: string; libelle: string; type: string };

export const selectionModels = pgTable('selection_models', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  families: jsonb('families').$type<SelectionItem[]>().notNull().default([]),
  articles: jsonb('articles').$type<SelectionItem[]>().notNull().default([]),
  createdAt: createdAt(),
});

/** Which dimensions of an article sold in this unit the customer may choose. */
export const variableDimensions = pgTable('variable_dimensions', {
  unitCode: text('unit_code')
    .primaryKey()
    .references(() => units.code, { onDelete: 'cascade' }),
  length: boolean('length').notNull().default(false),
  width: boolean('width').notNull().default(false),
  height: boolean('height').notNull().default(false),
  diameter: boolean('diameter').notNull().default(false),
  density: boolean('density').notNull().default(false),
  capacity: boolean('capacity').notNull().default(false),
  weight: boolean('weight').notNull().default(false),
});
