// Shipping: bands, fees and carriers. (packages/db/src/schema.ts re-exports every file of the schema.)
import { FEE_TYPES } from '@comptoir/shared/domain';
import { boolean, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { money, measure } from './columns';
import { families } from './catalogue';
import { agencies, zones } from './customers';

/** Tranches: the bands of a fee schedule, by weight (poids, kg) or amount (montant, €). */
export const bands = pgTable('bands', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  feeType: text('fee_type', { enum: FEE_TYPES }).notNull(),
  start: measure('start').notNull(),
  /**
   * A progressive band charges `amount` per started interval above its start. The contract's
   * `unique` / `tranche_unique` flag holds the same value (unique === progressive, see
   * packages/shared/src/shipping/contract.ts and mapping.ts).
   */
  progressive: boolean('progressive').notNull().default(false),
  interval: measure('interval'),
});

/**
 * Forfaits de transport. An absent agency or family counts as one value for uniqueness. The links
 * restrict deletion: 'set null' would silently widen a forfait (a zone's forfait would apply to
 * every zone, an agency's or a family's become the default), so a zone, agency, family or band
 * that forfaits use cannot be deleted until those forfaits are.
 */
export const shippingFees = pgTable(
  'shipping_fees',
  {
    id: serial('id').primaryKey(),
    amount: money('amount').notNull(),
    freeFrom: money('free_from').notNull().default(0),
    bandId: integer('band_id').references(() => bands.id, { onDelete: 'restrict' }),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'restrict' }),
    familyCode: text('family_code').references(() => families.code, { onDelete: 'restrict' }),
    agencyCode: text('agency_code').references(() => agencies.code, { onDelete: 'restrict' }),
  },
  (t) => [
    unique('shipping_fees_unique').on(t.agencyCode, t.zoneId, t.familyCode, t.bandId).nullsNotDistinct(),
  ],
);

export const carriers = pgTable('carriers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  description: text('description'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  trackingUrl: text('tracking_url'),
  shippingFeeId: integer('shipping_fee_id').references(() => shippingFees.id, { onDelete: 'set null' }),
  params: jsonb('params').$type<{ LIB: string; VAL: string }[]>().notNull().default([]),
  options: jsonb('options').$type<{ nom: string; valeur: string }[]>().notNull().default([]),
  /** Pickup at the agency ('Retrait en agence'): never charged a delivery fee, whatever the schedule. */
  pickup: boolean('pickup').notNull().default(false),
});
