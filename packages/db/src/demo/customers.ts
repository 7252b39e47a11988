// Customers of the demo set. Customer i is a pure function of (i, now), like articles.
import { foldText } from '@comptoir/shared/text';
import { ACTIVITIES } from './catalogue-data';
import {
  AGENCIES,
  FIRST_FEMALE_NAME,
  FIRST_NAMES,
  LAST_NAMES,
  REGIONS,
  SITE_NAMES,
  STREETS,
  type DemoAgency,
} from './places';
import { Random } from './random';

export const CUSTOMER_TYPES = [
  { code: 'ART', label: 'Artisan', professional: true, weight: 35 },
  { code: 'ENT', label: 'Entreprise générale', professional: true, weight: 12 },
  { code: 'PAY', label: 'Paysagiste', professional: true, weight: 7 },
  { code: 'COL', label: 'Collectivité', professional: true, weight: 6 },
  { code: 'SYN', label: 'Syndic et gestionnaire', professional: true, weight: 8 },
  { code: 'PAR', label: 'Particulier', professional: false, weight: 32 },
] as const;
type CustomerType = (typeof CUSTOMER_TYPES)[number];

export interface CustomerRow {
  code: string;
  name: string;
  typeCode: string;
  agencyCode: string;
  isProfessional: boolean;
  email: string | null;
  phone: string | null;
  siret: string | null;
  creditLimit: number | null;
  createdAt: Date;
}

export interface AddressRow {
  customerCode: string;
  label: string;
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
  zoneId: number;
  isDefault: boolean;
}

export interface DemoCustomer {
  index: number;
  row: CustomerRow;
  agency: DemoAgency;
  addresses: AddressRow[];
  /** Chantier tags the customer has created. */
  siteTags: string[];
  /** Activities the customer mostly buys in (indexes into ACTIVITIES). */
  activities: number[];
  /** Whether the customer orders on the web shop (and logs in). */
  webUser: boolean;
  /** The customer's discount off list prices (professionals only). */
  discount: number;
}

const activityIndex = (code: string) => ACTIVITIES.findIndex((activity) => activity.code === code);
/** Artisan trades: the word in the company name and the activities they buy in. */
const TRADES: readonly (readonly [string, readonly string[]])[] = [
  ['Maçonnerie', ['GO', 'AE']],
  ['Plâtrerie Isolation', ['IP', 'PD']],
  ['Charpente', ['BO', 'CZ']],
  ['Menuiserie', ['ME', 'BO']],
  ['Plomberie Chauffage', ['SP']],
  ['Électricité', ['EL']],
  ['Carrelage', ['CR', 'GO']],
  ['Peinture', ['PD', 'IP']],
  ['Couverture', ['CZ', 'BO']],
  ['Rénovation', ['GO', 'IP', 'PD', 'CR']],
];
const ACTIVITIES_BY_TYPE: Record<string, readonly string[]> = {
  ENT: ['GO', 'IP', 'BO', 'OU'],
  PAY: ['AE', 'GO', 'OU'],
  COL: ['GO', 'AE', 'EL', 'PD'],
  SYN: ['PD', 'SP', 'EL', 'ME'],
  PAR: ['PD', 'CR', 'AE', 'SP', 'OU', 'ME'],
};
const LEGAL_FORMS = ['SARL', 'SARL', 'SAS', 'EURL', ''] as const;

const DAY_MS = 86_400_000;
/** The first customers are fixed: one of each type, all long-standing, the first one the biggest account. */
const FIXED_TYPES = ['ENT', 'ART', 'PAR', 'COL', 'PAY', 'SYN'] as const;

export function customerCode(index: number): string {
  return `C${String(index + 1).padStart(6, '0')}`;
}

export function customerAt(index: number, now: Date): DemoCustomer {
  const rng = new Random('customer', index);
  const type: CustomerType =
    index < FIXED_TYPES.length
      ? CUSTOMER_TYPES.find((candidate) => candidate.code === FIXED_TYPES[index])!
      : rng.weighted(CUSTOMER_TYPES.map((candidate) => [candidate, candidate.weight] as const));
  const agency = rng.weighted(AGENCIES.map((candidate) => [candidate, candidate.weight] as const));
  const code = customerCode(index);
  const firstIndex = rng.int(0, FIRST_NAMES.length - 1);
  const first = FIRST_NAMES[firstIndex]!;
  const last = rng.pick(LAST_NAMES);
  const region = rng.pick(REGIONS);
  const home = rng.weighted(agency.towns.map((town) => [town, 5 - town[2]] as const));

  let name: string;
  let activities: readonly string[];
  switch (type.code) {
    case 'ART': {
      const [trade, tradeActivities] = rng.pick(TRADES);
      activities = tradeActivities;
      const form = rng.pick(LEGAL_FORMS);
      name = rng.weighted([
        [`${form} ${last} ${trade}`.trim(), 4],
        [`${trade} ${last}`, 3],
        [`${form} ${last} et Fils`.trim(), 1],
        [`${trade} du ${region}`, 1],
      ]);
      break;
    }
    case 'ENT':
      name = rng.weighted([
        [`SAS ${region} Bâtiment`, 2],
        [`Groupe ${last} BTP`, 2],
        [`${last} Construction`, 2],
        [`Entreprise ${last} & Associés`, 1],
        [`BTP ${region}`, 1],
        [`${region} Rénovation`, 1],
      ]);
      activities = ACTIVITIES_BY_TYPE.ENT!;
      break;
    case 'PAY':
      name = rng.weighted([
        [`${last} Paysages`, 2],
        [`Jardins ${last}`, 2],
        [`Les Jardins du ${region}`, 1],
        [`Espaces verts ${last}`, 1],
      ]);
      activities = ACTIVITIES_BY_TYPE.PAY!;
      break;
    case 'COL':
      name = rng.weighted([
        [`Mairie de ${home[0]}`, 3],
        [`Commune de ${home[0]} - Services techniques`, 2],
        [`Office public de l’habitat du ${region}`, 1],
        [`Syndicat intercommunal des eaux du ${region}`, 1],
      ]);
      activities = ACTIVITIES_BY_TYPE.COL!;
      break;
    case 'SYN':
      name = rng.weighted([
        [`Cabinet ${last} Immobilier`, 2],
        [`Régie ${last}`, 2],
        [`${region} Gestion`, 1],
        [`Syndic ${last} et Associés`, 1],
      ]);
      activities = ACTIVITIES_BY_TYPE.SYN!;
      break;
    default:
      name = `${firstIndex >= FIRST_FEMALE_NAME ? 'Mme' : 'M.'} ${first} ${last}`;
      activities = rng.sample(ACTIVITIES_BY_TYPE.PAR!, 2);
  }

  const old = index < FIXED_TYPES.length || rng.chance(0.7);
  const createdAt = new Date(
    now.getTime() - (old ? 730 + rng.int(30, 3_000) : rng.int(1, 700)) * DAY_MS - rng.int(0, 86_399) * 1000,
  );
  const slug = slugify(type.professional ? name : `${first}.${last}`);
  const row: CustomerRow = {
    code,
    name,
    typeCode: type.code,
    agencyCode: agency.code,
    isProfessional: type.professional,
    email: rng.chance(0.95)
      ? type.professional
        ? `contact.${slug}@exemple.fr`
        : `${slug}${rng.chance(0.4) ? rng.int(1, 99) : ''}@exemple.fr`
      : null,
    phone: type.professional || rng.chance(0.5) ? landline(rng) : mobile(rng),
    siret:
      type.professional && type.code !== 'COL' ? siret(rng) : type.code === 'COL' ? siret(rng, '2') : null,
    creditLimit: type.professional ? creditLimit(rng, type.code) : null,
    createdAt,
  };

  const siteTags = type.professional ? makeSiteTags(rng, type.code) : [];
  const addresses: AddressRow[] = [
    {
      customerCode: code,
      label: type.professional ? 'Siège social' : 'Domicile',
      line1: `${rng.int(1, 180)} ${rng.pick(STREETS)}`,
      line2: rng.chance(0.15) ? rng.pick(['Bâtiment B', 'Lot n° 12', 'Porte 3', 'Entrée par la cour']) : null,
      postalCode: home[1],
      city: home[0],
      zoneId: home[2],
      isDefault: true,
    },
  ];
  const extraAddresses = type.code === 'ENT' ? rng.int(1, 3) : type.professional ? rng.int(0, 2) : 0;
  for (let n = 0; n < extraAddresses; n++) {
    const town = rng.pick(agency.towns);
    addresses.push({
      customerCode: code,
      label: n === 0 && type.code !== 'COL' ? 'Dépôt' : `Chantier ${siteTags[n] ?? rng.pick(SITE_NAMES)}`,
      line1: `${rng.int(1, 180)} ${rng.pick(STREETS)}`,
      line2: null,
      postalCode: town[1],
      city: town[0],
      zoneId: town[2],
      isDefault: false,
    });
  }

  return {
    index,
    row,
    agency,
    addresses,
    siteTags,
    activities: activities.map(activityIndex),
    webUser: index < FIXED_TYPES.length || rng.chance(type.professional ? 0.75 : 0.6),
    discount: type.professional
      ? rng.int(type.code === 'ENT' ? 12 : 4, type.code === 'ENT' ? 28 : 18) / 100
      : 0,
  };
}

function makeSiteTags(rng: Random, typeCode: string): string[] {
  const count = typeCode === 'ENT' ? rng.int(3, 6) : rng.int(0, 4);
  const tags = new Set<string>();
  for (let n = 0; n < count; n++) {
    const owner = rng.pick(LAST_NAMES);
    tags.add(
      rng.weighted([
        [rng.pick(SITE_NAMES), 3],
        [`Villa ${owner}`, 2],
        [`Maison ${owner}`, 2],
        [`Extension ${owner}`, 1],
        [`Rénovation ${rng.pick(STREETS)}`, 1],
      ]),
    );
  }
  return [...tags];
}

function slugify(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-|-$/g, '');
}

function pairs(rng: Random, count: number): string {
  return Array.from({ length: count }, () => String(rng.int(0, 99)).padStart(2, '0')).join(' ');
}
const landline = (rng: Random) => `04 ${rng.int(50, 79)} ${pairs(rng, 3)}`;
const mobile = (rng: Random) => `0${rng.pick([6, 7])} ${pairs(rng, 4)}`;

/** A SIRET whose SIREN and whole number pass the Luhn check, like real ones. */
function siret(rng: Random, firstDigit = ''): string {
  let siren = firstDigit;
  while (siren.length < 8) siren += String(rng.int(siren.length === 0 ? 3 : 0, 9));
  siren += luhnDigit(siren);
  const establishment = `${String(rng.int(1, 9)).padStart(4, '0')}`;
  return siren + establishment + luhnDigit(siren + establishment);
}

function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

function creditLimit(rng: Random, typeCode: string): number {
  const [min, max] = typeCode === 'ENT' ? [20, 150] : typeCode === 'COL' ? [10, 80] : [3, 30];
  return rng.int(min, max) * 1000;
}
