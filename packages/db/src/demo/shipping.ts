// Carriers, tranches and the shipping fee schedule of the demo set. The schedule exercises every precedence
// rule of the fee engine (agency + family, agency, family, default), with and without franco.
import type { FeeType } from '@comptoir/shared/domain';
import { FAMILIES } from './catalogue';
import { ZONES } from './places';

export interface BandRow {
  id: number;
  label: string;
  feeType: FeeType;
  start: number;
  progressive: boolean;
  interval: number | null;
}

export const BANDS: readonly BandRow[] = [
  { id: 1, label: 'De 0 à 100 kg', feeType: 'poids', start: 0, progressive: false, interval: null },
  { id: 2, label: 'De 100 à 500 kg', feeType: 'poids', start: 100, progressive: false, interval: null },
  { id: 3, label: 'De 500 kg à 2 t', feeType: 'poids', start: 500, progressive: false, interval: null },
  {
    id: 4,
    label: 'Plus de 2 t, par tonne entamée',
    feeType: 'poids',
    start: 2000,
    progressive: true,
    interval: 1000,
  },
  { id: 5, label: 'Moins de 150 €', feeType: 'montant', start: 0, progressive: false, interval: null },
  { id: 6, label: 'De 150 à 500 €', feeType: 'montant', start: 150, progressive: false, interval: null },
  { id: 7, label: 'De 500 à 1 500 €', feeType: 'montant', start: 500, progressive: false, interval: null },
  {
    id: 8,
    label: 'Plus de 1 500 €, par tranche de 500 €',
    feeType: 'montant',
    start: 1500,
    progressive: true,
    interval: 500,
  },
];

export interface ShippingFeeRow {
  id: number;
  amount: number;
  freeFrom: number;
  bandId: number;
  zoneId: number;
  familyCode: string | null;
  agencyCode: string | null;
}

const familyCode = (label: string) => {
  const family = FAMILIES.find((candidate) => candidate.label === label);
  if (!family) throw new Error(`Famille inconnue : ${label}`);
  return family.code;
};
export const GRANULATS_FAMILY = familyCode('Granulats');
const WINDOWS_FAMILY = familyCode('Fenêtres');

/** Amounts per zone (1 to 4) for the four weight bands, and the franco of the first two bands. */
const DEFAULT_WEIGHT_FEES: readonly (readonly [amounts: readonly number[], franco: number])[] = [
  [[12, 25, 45, 30], 800],
  [[20, 35, 60, 40], 1200],
  [[30, 50, 85, 55], 0],
  [[45, 70, 120, 75], 0],
];

function buildSchedule(): ShippingFeeRow[] {
  const rows: ShippingFeeRow[] = [];
  const add = (row: Omit<ShippingFeeRow, 'id'>) => rows.push({ id: rows.length + 1, ...row });
  const weightBands = BANDS.filter((band) => band.feeType === 'poids');
  // Default schedule, no agency and no family.
  DEFAULT_WEIGHT_FEES.forEach(([amounts, franco], zoneIndex) =>
    weightBands.forEach((band, bandIndex) =>
      add({
        amount: amounts[bandIndex]!,
        freeFrom: bandIndex < 2 ? franco : 0,
        bandId: band.id,
        zoneId: ZONES[zoneIndex]!.id,
        familyCode: null,
        agencyCode: null,
      }),
    ),
  );
  // Mountain agencies charge more far away.
  const agencyFees: readonly (readonly [string, number, readonly number[]])[] = [
    ['GRE', 3, [35, 60, 95, 65]],
    ['GRE', 4, [55, 85, 140, 90]],
    ['ANN', 4, [50, 80, 130, 85]],
  ];
  for (const [agencyCode, zoneId, amounts] of agencyFees)
    weightBands.forEach((band, bandIndex) =>
      add({
        amount: amounts[bandIndex]!,
        freeFrom: 0,
        bandId: band.id,
        zoneId,
        familyCode: null,
        agencyCode,
      }),
    );
  // Bulk aggregates go by tipper truck, whatever the agency...
  const bulk: readonly (readonly [number, readonly number[]])[] = [
    [1, [35, 35, 55, 25]],
    [2, [45, 45, 70, 30]],
    [3, [60, 60, 95, 40]],
  ];
  for (const [zoneId, amounts] of bulk)
    weightBands.forEach((band, bandIndex) =>
      add({
        amount: amounts[bandIndex]!,
        freeFrom: 0,
        bandId: band.id,
        zoneId,
        familyCode: GRANULATS_FAMILY,
        agencyCode: null,
      }),
    );
  // ...except Lyon, which runs its own tipper nearby.
  weightBands.forEach((band, bandIndex) =>
    add({
      amount: [29, 29, 45, 20][bandIndex]!,
      freeFrom: 0,
      bandId: band.id,
      zoneId: 1,
      familyCode: GRANULATS_FAMILY,
      agencyCode: 'LYO',
    }),
  );
  // Windows travel on a dedicated rack, free from 1 500 € nearby.
  for (const zoneId of [1, 2])
    add({ amount: 29, freeFrom: 1500, bandId: 1, zoneId, familyCode: WINDOWS_FAMILY, agencyCode: null });
  // The schedule by amount, for when the fee type is switched to 'montant'.
  const amountBands = BANDS.filter((band) => band.feeType === 'montant');
  const byAmount = [
    [15, 10, 6, 4],
    [22, 15, 10, 6],
    [30, 22, 15, 8],
    [45, 32, 22, 12],
  ];
  byAmount.forEach((amounts, zoneIndex) =>
    amountBands.forEach((band, bandIndex) =>
      add({
        amount: amounts[bandIndex]!,
        freeFrom: zoneIndex === 0 && bandIndex === 2 ? 1000 : 0,
        bandId: band.id,
        zoneId: ZONES[zoneIndex]!.id,
        familyCode: null,
        agencyCode: null,
      }),
    ),
  );
  return rows;
}

export const SHIPPING_FEES: readonly ShippingFeeRow[] = buildSchedule();

export interface CarrierRow {
  id: number;
  name: string;
  logo: string | null;
  description: string;
  active: boolean;
  position: number;
  trackingUrl: string | null;
  shippingFeeId: number | null;
  params: { LIB: string; VAL: string }[];
  options: { nom: string; valeur: string }[];
  pickup?: boolean;
}

/** The crane truck is priced by one forfait alone: zone 2, 500 kg to 2 t. */
const CRANE_FEE = SHIPPING_FEES.find(
  (fee) => fee.agencyCode === null && fee.familyCode === null && fee.zoneId === 2 && fee.bandId === 3,
)!;

export const CARRIERS: readonly CarrierRow[] = [
  {
    id: 1,
    name: 'Comptoir Livraison',
    logo: null,
    description: 'Livraison par nos camions plateau sous 48 h, du lundi au vendredi.',
    active: true,
    position: 1,
    trackingUrl: null,
    shippingFeeId: null,
    params: [
      { LIB: 'Hayon élévateur', VAL: 'HAYON' },
      { LIB: 'Livraison sur chantier', VAL: 'CHANTIER' },
    ],
    options: [
      { nom: 'Délai', valeur: '48 h' },
      { nom: 'Créneau', valeur: 'Matin' },
    ],
  },
  {
    id: 2,
    name: 'Camion grue',
    logo: null,
    description: 'Déchargement par bras de grue, palettes jusqu’à 1,5 t, dépose au plus près du chantier.',
    active: true,
    position: 2,
    trackingUrl: null,
    shippingFeeId: CRANE_FEE.id,
    params: [
      { LIB: 'Déchargement grue', VAL: 'GRUE' },
      { LIB: 'Accès poids lourd vérifié', VAL: 'ACCES_PL' },
    ],
    options: [
      { nom: 'Délai', valeur: '72 h' },
      { nom: 'Portée', valeur: '12 m' },
    ],
  },
  {
    id: 3,
    name: 'Rhône Express Messagerie',
    logo: null,
    description: 'Colis et petites palettes en 24 à 48 h, suivi en ligne.',
    active: true,
    position: 3,
    trackingUrl: 'https://suivi.rhone-express.example/colis/{numero}',
    shippingFeeId: null,
    params: [{ LIB: 'Avis de passage par SMS', VAL: 'SMS' }],
    options: [{ nom: 'Délai', valeur: '24 à 48 h' }],
  },
  {
    id: 4,
    name: 'Retrait en agence',
    logo: null,
    description: 'Retrait gratuit au comptoir de votre agence, commande prête en 2 h.',
    active: true,
    position: 4,
    trackingUrl: null,
    shippingFeeId: null,
    params: [],
    options: [{ nom: 'Préparation', valeur: '2 h' }],
    pickup: true,
  },
  {
    id: 5,
    name: 'Coursier urgent',
    logo: null,
    description: 'Course express dans l’agglomération lyonnaise (service suspendu).',
    active: false,
    position: 5,
    trackingUrl: null,
    shippingFeeId: null,
    params: [{ LIB: 'Livraison dans l’heure', VAL: 'URGENT' }],
    options: [],
  },
];
export const DELIVERY_CARRIER = CARRIERS[0]!;
export const CRANE_CARRIER = CARRIERS[1]!;
export const PARCEL_CARRIER = CARRIERS[2]!;
export const PICKUP_CARRIER = CARRIERS[3]!;

/**
 * The fee of a past demo order in cents: the default weight schedule (or the agency's own) for the
 * zone, franco included. The real engine (packages/shared) applies every rule; history only needs
 * plausible amounts.
 */
export function historicFeeCents(
  carrier: CarrierRow,
  agencyCode: string,
  zoneId: number | null,
  weightKg: number,
  linesCents: number,
): number {
  if (carrier.id === PICKUP_CARRIER.id || zoneId === null) return 0;
  if (carrier.shippingFeeId !== null) return Math.round(CRANE_FEE.amount * 100);
  const band = [...BANDS]
    .filter((candidate) => candidate.feeType === 'poids' && candidate.start <= weightKg)
    .sort((a, b) => b.start - a.start)[0]!;
  const matches = (agency: string | null) =>
    SHIPPING_FEES.find(
      (fee) =>
        fee.agencyCode === agency &&
        fee.familyCode === null &&
        fee.zoneId === zoneId &&
        fee.bandId === band.id,
    );
  const fee = matches(agencyCode) ?? matches(null);
  if (!fee) return 0;
  if (fee.freeFrom > 0 && linesCents >= fee.freeFrom * 100) return 0;
  const times =
    band.progressive && band.interval ? Math.max(1, Math.ceil((weightKg - band.start) / band.interval)) : 1;
  return Math.round(fee.amount * 100) * times;
}
