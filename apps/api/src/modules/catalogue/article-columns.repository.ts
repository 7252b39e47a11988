// The articles' column sets several catalogue reads share: the labels of an article's units, how it
// is sold, its measures (the storefront's tiles, the product page, the cart's checks, the back
// office's measures and options).
import { alias } from 'drizzle-orm/pg-core';
import { articles, units } from '@comptoir/db/schema';

export const saleUnit = alias(units, 'sale_unit');
export const stockUnit = alias(units, 'stock_unit');
export const prepUnit = alias(units, 'prep_unit');

/** How an article is sold: its sale unit's decimals, minimum, multiple, supplier's delay. */
export const saleColumns = {
  saleDecimals: saleUnit.decimals,
  minQuantity: articles.minQuantity,
  saleMultiple: articles.saleMultiple,
  backorderDays: articles.backorderDays,
};

/** An article's measures and their units, as the product page and the regroupements show them. */
export type MeasureRow = Pick<
  typeof articles.$inferSelect,
  | 'length'
  | 'width'
  | 'height'
  | 'density'
  | 'weight'
  | 'diameter'
  | 'capacity'
  | 'dimensionUnit'
  | 'weightUnit'
>;

/** An article's measure columns (MeasureRow). */
export const measureColumns = {
  length: articles.length,
  width: articles.width,
  height: articles.height,
  density: articles.density,
  weight: articles.weight,
  diameter: articles.diameter,
  capacity: articles.capacity,
  dimensionUnit: articles.dimensionUnit,
  weightUnit: articles.weightUnit,
};
