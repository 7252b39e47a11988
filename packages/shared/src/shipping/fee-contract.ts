// What the fee engine (fee-engine.ts) takes and answers. The answer is also the response of the
// fee simulator, hence a zod schema; the input is built by the server from its tables.
import { z } from 'zod';
import { idNumber } from '../validation';
import { typeForfait, type TypeForfait } from './contract';

/** A band as the engine reads it: `progressive` is the contract's `unique` / `tranche_unique`. */
export type FeeBand = {
  id: number;
  libelle: string;
  /** Kg ('poids') or € excl. tax ('montant'). */
  debut: number;
  progressive: boolean;
  /** Per started interval above debut; ignored unless progressive and > 0. */
  interval: number | null;
};

/** A forfait as the engine reads it (see mapping.ts for the conversion from the contract). */
export type FeeForfait = {
  id: number;
  /** € excl. tax, charged once or per started interval. */
  montant: number;
  /** € excl. tax; 0 means no franco. */
  franco: number;
  tranche: FeeBand | null;
  /** null: every zone (only valid without family). */
  zoneId: number | null;
  /** For the explanation only. */
  zoneLabel?: string | null;
  familyCode: string | null;
  agencyCode: string | null;
};

export type FeeLine = {
  /** The line's family and its ancestors, from the root of the sales plan to the leaf; may be empty. */
  familyPath: readonly string[];
  /** Total weight of the line in kg (quantity × unit weight). */
  weightKg: number;
  /** Total amount of the line in € excl. tax. */
  amountHt: number;
};

export type FeeCarrier = {
  id: number;
  nom: string;
  /** id_forfait_transport: when set, that forfait alone prices the cart. */
  forfaitId: number | null;
  /** A pickup carrier ('Retrait en agence'): no delivery fee, whatever the schedule. */
  pickup?: boolean;
};

export type ShippingFeeInput = {
  /** null when the administrator has not chosen a fee type yet: nothing can be priced. */
  typeForfait: TypeForfait | null;
  lines: readonly FeeLine[];
  /** The customer's agency. */
  agencyCode: string | null;
  /** The delivery address's zone; null when unknown. */
  zoneId: number | null;
  carrier?: FeeCarrier | null;
  /** The whole schedule; the engine picks what applies. */
  forfaits: readonly FeeForfait[];
};

/** Which precedence level chose a part's forfait, most specific first ('carrier' overrides all). */
export const feeLevel = z.enum(['carrier', 'agency-family', 'agency', 'family', 'default']);
export type FeeLevel = z.infer<typeof feeLevel>;

export const feePart = z.object({
  forfaitId: z.number().int(),
  level: feeLevel,
  /** 'exact': the forfait's zone is the delivery zone; 'any': a forfait for every zone; null for a carrier. */
  zoneMatch: z.enum(['exact', 'any']).nullable(),
  agencyCode: z.string().nullable(),
  familyCode: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  /** Positions (0-based) in the input's lines of the lines this part prices. */
  lineIndexes: z.array(z.number().int()),
  /** Total weight (kg) or amount (€ excl. tax) of those lines, per typeForfait. */
  measure: z.number(),
  /** Their amount excl. tax, compared with franco. */
  amountHt: z.number(),
  band: z.object({
    trancheId: z.number().int(),
    libelle: z.string(),
    debut: z.number(),
    progressive: z.boolean(),
    interval: z.number().nullable(),
    /** The measure is below the lowest band's start: the lowest band applies. */
    belowFirstBand: z.boolean(),
  }),
  /** The forfait's montant (€), charged `intervals` times. */
  montant: z.number(),
  /** 1 for a non-progressive band; started intervals above debut (at least 1) otherwise. */
  intervals: z.number().int(),
  franco: z.number(),
  /** franco > 0 and amountHt >= franco: the part costs 0. */
  francoApplied: z.boolean(),
  /** € excl. tax, rounded to the cent. */
  fee: z.number(),
  /** The same in French, e.g. 'Forfait n°12 (agence LYO, famille 01.02, zone n°3) : …'. */
  sentence: z.string(),
});
export type FeePart = z.infer<typeof feePart>;

export const shippingFeeResult = z.object({
  typeForfait: typeForfait.nullable(),
  /** The sum of the parts' fees, € excl. tax. */
  fee: z.number(),
  parts: z.array(feePart),
  /** Some lines (or all) found no forfait: their shipping is not priced (fee counts 0 for them). */
  unpriced: z.boolean(),
  unpricedLineIndexes: z.array(z.number().int()),
  /** French remarks: lines without forfait, forfaits ignored because a link is missing. */
  notes: z.array(z.string()),
  /** One French sentence: 'Frais de port : 18,00 €' or 'Aucun forfait applicable'. */
  summary: z.string(),
});
export type ShippingFeeResult = z.infer<typeof shippingFeeResult>;

/**
 * The admin's fee simulator: a cart described by agency, zone, optional carrier and lines of a
 * family (null: none), a weight and an amount. The server resolves each family's ancestors and
 * the schedule, then answers computeShippingFee's result (shippingFeeResult).
 */
export const feeSimulationBody = z.object({
  agencyCode: z.string().trim().min(1).max(50).nullable(),
  zoneId: idNumber().nullable(),
  carrierId: idNumber().nullish(),
  lines: z
    .array(
      z.object({
        familyCode: z.string().trim().min(1).max(50).nullable(),
        weightKg: z.number().min(0).max(1e6),
        amountHt: z.number().min(0).max(1e9),
      }),
    )
    .max(100),
});
export type FeeSimulationBody = z.infer<typeof feeSimulationBody>;
