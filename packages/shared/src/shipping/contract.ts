// The shipping contract (docs/contract/shipping-fees.md, Shipping fees and Carriers): tranches, zones, forfaits, the fee
// type and carriers. One schema per request and response, used by the routes, the client and the tests.
import { z } from 'zod';
import { feeType } from '../domain';
import { idNumber, idParam, MEASURE_MAX, MONEY_MAX } from '../validation';
import { isLogoUrl } from './logo';
import { decimalCount } from '../typed-number';
import { CARRIER_MESSAGES, FEE_AMOUNT_MAX, FEE_MESSAGES, TRANCHE_MESSAGES } from './messages';

const id = idNumber();

/** typeForfait: 'poids' measures the weight in kg, 'montant' the amount excl. tax in € (domain.ts). */
export const typeForfait = feeType;
export type TypeForfait = z.infer<typeof typeForfait>;

/** GET /service/typeForfaitTransport: null until the administrator picks a type. */
export const typeForfaitResponse = z.object({ typeForfait: typeForfait.nullable() });
export type TypeForfaitResponse = z.infer<typeof typeForfaitResponse>;

/** POST /service/setTypeForfaitTransport. */
export const setTypeForfaitBody = z.object({ typeForfait });
export type SetTypeForfaitBody = z.infer<typeof setTypeForfaitBody>;

// ---------------------------------------------------------------- tranches

/*
 * `unique` is the progressive flag: the contract's tranche is "id, libelle, debut, unique (progressive),
 * interval" and the tranche modal binds its 'Progressive' checkbox, which reveals Interval, to that flag. So
 * in the contract `unique: true` (forfaits: `tranche_unique: true`) means PROGRESSIVE: `montant` is charged
 * per started `interval` above `debut`; `unique: false` charges `montant` once. The database column is named
 * `progressive` and holds the same value (unique === progressive); use trancheFromBand / bandFromTrancheBody
 * (mapping.ts) rather than mapping by hand.
 */
const progressiveFlag = z.boolean().describe('true: tranche progressive (montant par intervalle entamé)');

/** A tranche (band) as GET /service/tranches and POST /service/tranche answer it. */
export const tranche = z.object({
  id: z.number().int(),
  libelle: z.string(),
  /** Kg when typeForfait is 'poids', € otherwise. */
  debut: z.number(),
  unique: progressiveFlag,
  /** Set for a progressive tranche only. */
  interval: z.number().nullable(),
});
export type Tranche = z.infer<typeof tranche>;
export const trancheList = z.array(tranche);

/** POST /service/tranche: the fee type is the current typeForfait. */
export const trancheBody = z
  .object({
    libelle: z
      .string({ error: TRANCHE_MESSAGES.libelleRequired })
      .trim()
      .min(1, { error: TRANCHE_MESSAGES.libelleRequired })
      .max(100, { error: TRANCHE_MESSAGES.libelleRequired }),
    debut: z
      .number({ error: TRANCHE_MESSAGES.debutInvalid })
      .min(0, { error: TRANCHE_MESSAGES.debutInvalid })
      .max(MEASURE_MAX, { error: TRANCHE_MESSAGES.debutInvalid }),
    unique: progressiveFlag.default(false),
    interval: z.number({ error: TRANCHE_MESSAGES.intervalRequired }).nullish(),
  })
  .refine(
    (t) => !t.unique || (typeof t.interval === 'number' && t.interval > 0 && t.interval <= MEASURE_MAX),
    {
      error: TRANCHE_MESSAGES.intervalRequired,
      path: ['interval'],
    },
  );
export type TrancheBody = z.infer<typeof trancheBody>;

// ---------------------------------------------------------------- zones and forfaits

export const zone = z.object({ id: z.number().int(), libelle: z.string() });
export type Zone = z.infer<typeof zone>;
/** GET /service/zones. */
export const zoneList = z.array(zone);

/** A forfait's tranche, in the seed's names. `tranche_unique: true` means progressive (see above). */
export const forfaitTranche = z.object({
  id: z.number().int(),
  libelle: z.string(),
  debut_tranche: z.number(),
  tranche_unique: progressiveFlag,
  tranche_interval: z.number().nullable(),
});
export type ForfaitTranche = z.infer<typeof forfaitTranche>;

/** The labels are null when the link is missing: the screen shows FEE_PLACEHOLDERS instead. */
export const forfaitZone = z.object({ id: z.number().int(), libelle: z.string().nullable() });
export const forfaitCategorie = z.object({
  code_famille: z.string(),
  libelle_famille: z.string().nullable(),
});
export const forfaitAgence = z.object({ code_agence: z.string(), libelle_agence: z.string().nullable() });
export type ForfaitZone = z.infer<typeof forfaitZone>;
export type ForfaitCategorie = z.infer<typeof forfaitCategorie>;
export type ForfaitAgence = z.infer<typeof forfaitAgence>;

/**
 * A shipping fee package (forfait). montant and franco in € excl. tax; franco 0 means none.
 * zone null: every zone (allowed only without categorie); categorie / agence null: none.
 */
export const forfait = z.object({
  id: z.number().int(),
  montant: z.number(),
  franco: z.number(),
  tranche: forfaitTranche.nullable(),
  zone: forfaitZone.nullable(),
  categorie: forfaitCategorie.nullable(),
  agence: forfaitAgence.nullable(),
});
export type Forfait = z.infer<typeof forfait>;

/** The forfaits of one (agency, zone, family), ordered by the start of their tranche. */
export const forfaitGroup = z.object({
  zone: forfaitZone.nullable(),
  categorie: forfaitCategorie.nullable(),
  forfaits: z.array(forfait),
});
export type ForfaitGroup = z.infer<typeof forfaitGroup>;

/** GET /service/forfaitsTransport: those without agency apart, then one entry per agency. */
export const forfaitsTransportResponse = z.object({
  sans_agence: z.array(forfaitGroup),
  agences: z.array(z.object({ agence: forfaitAgence, groupes: z.array(forfaitGroup) })),
});
export type ForfaitsTransportResponse = z.infer<typeof forfaitsTransportResponse>;

const trancheRequired = { error: FEE_MESSAGES.trancheRequired };
/** An amount in euros and cents: 2 decimals at most, never rounded without a word. */
const inCents = (value: number) => decimalCount(value) <= 2;

/**
 * POST /service/forfaitTransport (create without id, update with it). Links are nested objects
 * carrying their id or code; other keys (libelles) are accepted and ignored. The server also
 * answers FEE_MESSAGES.duplicate (409) and the unknown-link messages.
 */
export const forfaitBody = z
  .object({
    id: id.nullish(),
    tranche: z.object({ id: idNumber(FEE_MESSAGES.trancheRequired) }, trancheRequired),
    montant: z
      .number({ error: FEE_MESSAGES.montantRequired })
      .min(0, { error: FEE_MESSAGES.montantNegative })
      .max(FEE_AMOUNT_MAX, { error: FEE_MESSAGES.montantTooLarge })
      .refine(inCents, { error: FEE_MESSAGES.montantDecimals }),
    franco: z
      .number({ error: FEE_MESSAGES.francoNegative })
      .min(0, { error: FEE_MESSAGES.francoNegative })
      .max(MONEY_MAX, { error: FEE_MESSAGES.francoTooLarge })
      .refine(inCents, { error: FEE_MESSAGES.francoDecimals })
      .nullish()
      .transform((v) => v ?? 0),
    zone: z.object({ id }).nullish(),
    categorie: z.object({ code_famille: z.string().trim().min(1).max(50) }).nullish(),
    agence: z.object({ code_agence: z.string().trim().min(1).max(50) }).nullish(),
  })
  .refine((f) => !f.categorie || !!f.zone, {
    error: FEE_MESSAGES.zoneRequired,
    path: ['zone'],
    // Runs even when other fields failed, so that forfaitBodyMessage can put it first.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type ForfaitBody = z.output<typeof forfaitBody>;
export type ForfaitBodyInput = z.input<typeof forfaitBody>;

/** The order of the seed's checks: the first message a client or the server shows. */
const FORFAIT_MESSAGE_ORDER: readonly string[] = [
  FEE_MESSAGES.zoneRequired,
  FEE_MESSAGES.trancheRequired,
  FEE_MESSAGES.montantRequired,
];

/** The one message to show (toast or 400 `message`) for an invalid forfait body. */
export function forfaitBodyMessage(issues: readonly { message: string }[]): string {
  for (const message of FORFAIT_MESSAGE_ORDER) if (issues.some((i) => i.message === message)) return message;
  const known = issues.find((i) => i.message.startsWith('Forfait non valide'));
  return known?.message ?? FEE_MESSAGES.montantRequired;
}

/** DELETE /service/forfaitTransport/{id}, DELETE /service/transporteur/{id}. */
export const idParams = z.object({ id: idParam() });
export type IdParams = z.infer<typeof idParams>;

/** The answer of a delete or reset: the French confirmation the client toasts. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

// ---------------------------------------------------------------- carriers

export const carrierParam = z.object({ LIB: z.string(), VAL: z.string() });
export const carrierOption = z.object({ nom: z.string(), valeur: z.string() });
export type CarrierParam = z.infer<typeof carrierParam>;
export type CarrierOption = z.infer<typeof carrierOption>;

/** A carrier (transporteur), as GET /service/transporteurs lists them (by position). */
export const transporteur = z.object({
  id: z.number().int(),
  nom: z.string(),
  /** The URL of the uploaded logo, or null. */
  logo: z.string().nullable(),
  description: z.string().nullable(),
  etat: z.boolean(),
  position: z.number().int(),
  tracking_url: z.string().nullable(),
  id_forfait_transport: z.number().int().nullable(),
  params: z.array(carrierParam),
  options: z.array(carrierOption),
  /** Ours: pickup at the agency ('Retrait en agence'): never charged a delivery fee. */
  retrait: z.boolean(),
});
export type Transporteur = z.infer<typeof transporteur>;
export const transporteurList = z.array(transporteur);

const invalidCarrier = { error: CARRIER_MESSAGES.invalid };
/**
 * Ours: the largest position a body may give. Far above any carrier list, and far below the
 * database's integers, so that the next carrier's position (the greatest plus one) still fits.
 */
export const CARRIER_POSITION_MAX = 1_000_000;
const optionalText = (max: number, tooLong: string) =>
  z
    .string(invalidCarrier)
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * POST /service/transporteur (create without id, update with it). Any invalid field answers
 * 'Transporteur invalide'; each field's issue says what is wrong with it (the form shows it under the
 * field). tracking_url must be http(s): it becomes a link on the storefront.
 */
export const transporteurBody = z.object({
  id: id.nullish(),
  nom: z
    .string({ error: CARRIER_MESSAGES.nameRequired })
    .trim()
    .min(1, CARRIER_MESSAGES.nameRequired)
    .max(100, CARRIER_MESSAGES.nameTooLong),
  /** null, or the URL POST /service/transporteur/logo/upload answered ('/logos/<file>'). */
  logo: optionalText(300, CARRIER_MESSAGES.logoInvalid).refine(
    (v) => v === null || isLogoUrl(v),
    CARRIER_MESSAGES.logoInvalid,
  ),
  description: optionalText(1000, CARRIER_MESSAGES.descriptionTooLong),
  etat: z.boolean(invalidCarrier).default(true),
  /** Omitted on creation: the server puts the carrier last. */
  position: z
    .number(invalidCarrier)
    .int(invalidCarrier)
    .min(0, invalidCarrier)
    .max(CARRIER_POSITION_MAX, invalidCarrier)
    .nullish(),
  tracking_url: optionalText(500, CARRIER_MESSAGES.trackingUrlTooLong).refine(
    (v) => v === null || /^https?:\/\/\S+$/i.test(v),
    CARRIER_MESSAGES.trackingUrlInvalid,
  ),
  id_forfait_transport: id.nullish().transform((v) => v ?? null),
  params: z.array(carrierParam, invalidCarrier).max(100, invalidCarrier).default([]),
  options: z.array(carrierOption, invalidCarrier).max(100, invalidCarrier).default([]),
  retrait: z.boolean(invalidCarrier).default(false),
});
export type TransporteurBody = z.output<typeof transporteurBody>;
export type TransporteurBodyInput = z.input<typeof transporteurBody>;

/** POST /service/transporteur/{id}/etat: activates or deactivates a carrier at once. */
export const transporteurEtatBody = z.object({ etat: z.boolean(invalidCarrier) });
export type TransporteurEtatBody = z.infer<typeof transporteurEtatBody>;

/**
 * POST /service/transporteur/{id}/position: moves a carrier one place up (towards position 1) or
 * down, swapping it with its neighbour; the answer is the whole list in its new order.
 */
export const transporteurPositionBody = z.object({ direction: z.enum(['up', 'down'], invalidCarrier) });
export type TransporteurPositionBody = z.infer<typeof transporteurPositionBody>;

/** GET /service/transporteur/options: the parameters and options a carrier may take. */
export const transporteurOptions = z.object({
  params: z.array(carrierParam),
  options: z.array(carrierOption),
});
export type TransporteurOptions = z.infer<typeof transporteurOptions>;

/** POST /service/transporteur/logo/upload (multipart field `logo`): the stored logo's URL. */
export const logoUploadResponse = z.object({ logo: z.string() });
export type LogoUploadResponse = z.infer<typeof logoUploadResponse>;
