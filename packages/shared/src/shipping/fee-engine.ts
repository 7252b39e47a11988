// The shipping fee engine (docs/contract/shipping-fees.md): one pure function from a cart, a customer
// agency, a delivery zone, an optional carrier and the fee schedule to the fee and its explanation.
//
// Readings decided here:
// - Which forfaits can apply: those with a tranche (none: 'Tranche incorrecte', ignored), with no
//   agency or the customer's, and with the delivery zone or no zone. A zone-less forfait applies
//   to every zone but is less specific than one for the exact zone; it is valid only without a
//   family (a family requires a zone), so a zone-less forfait with a family is ignored
//   ('Zone incorrecte'). Without a delivery zone only zone-less forfaits apply.
// - Precedence, per line, first level that has forfaits wins:
//     1 agency + family (exact zone)   2 agency, exact zone   3 agency, every zone
//     4 family (exact zone)            5 default, exact zone  6 default, every zone
//   At a family level the deepest family of the line's path that has forfaits there wins, so a
//   forfait on a parent family covers its sub-families. Lines won by the same forfait group
//   (agency, family, zone) are measured together and make one part; the fee is the sum of parts.
// - Bands: a group's forfaits sorted by their tranche's debut; the band is the one with the
//   greatest debut <= measure (ties: lowest tranche id, then forfait id). Below the lowest debut
//   the lowest band applies, so a schedule never gives shipping away by accident (a band from 0
//   with montant 0 does that on purpose).
// - A progressive band charges montant × max(1, ceil((measure − debut) / interval)); a progressive
//   band without a positive interval charges once.
// - franco > 0 and the part's amount excl. tax >= franco: that part costs 0.
// - A carrier with id_forfait_transport: that forfait alone prices the whole cart (its band logic,
//   its franco), whatever its agency, zone and family; if it is missing or has no tranche, the cart
//   is unpriced.
// - Lines no forfait covers are listed as unpriced (fee 0 for them, `unpriced: true`); an empty
//   cart costs 0 and is not unpriced. The checkout does not offer a carrier that leaves a line
//   unpriced (availability.ts): that 0 is never charged as free shipping. Negative weights and amounts count as 0.
// - Money in integer cents (half up), weights in 1/10 000 kg (the database's 4 decimals), so that
//   sums are exact and do not depend on the order of the lines.
import { formatEuros, formatQuantity } from '../format';
import type { TypeForfait } from './contract';
import type {
  FeeForfait,
  FeeLevel,
  FeeLine,
  FeePart,
  ShippingFeeInput,
  ShippingFeeResult,
} from './fee-contract';
import { FEE_MESSAGES, FEE_PLACEHOLDERS, NO_FORFAIT, PICKUP_FREE } from './messages';

const CENTS = 100;
const WEIGHT_UNITS = 10_000;

/** A non-negative amount in integer units of 1/scale, rounded half up (1.005 € → 101 cents). */
export function toUnits(value: number, scale: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  // toPrecision(15) drops binary noise: 1.005 * 100 is 100.49999999999999 in floating point.
  return Math.round(Number((value * scale).toPrecision(15)));
}

const measureScale = (type: TypeForfait) => (type === 'poids' ? WEIGHT_UNITS : CENTS);

/** ceil(a / b) for non-negative safe integers, b > 0, without floating error. */
function ceilDiv(a: number, b: number): number {
  const q = Math.floor(a / b);
  return q * b < a ? q + 1 : q;
}

type Group = {
  level: Exclude<FeeLevel, 'carrier'>;
  zoneMatch: 'exact' | 'any';
  agencyCode: string | null;
  familyCode: string | null;
  zoneId: number | null;
  forfaits: FeeForfait[];
};

const LEVEL_RANK: Record<FeeLevel, number> = {
  carrier: 0,
  'agency-family': 1,
  agency: 2,
  family: 3,
  default: 4,
};

const groupKey = (agencyCode: string | null, familyCode: string | null, zoneId: number | null) =>
  JSON.stringify([agencyCode, familyCode, zoneId]);

/** Why a forfait can never apply, or null when it is well formed. */
export function forfaitProblem(f: FeeForfait): string | null {
  if (!f.tranche) return FEE_PLACEHOLDERS.tranche;
  if (f.zoneId === null && f.familyCode !== null) return FEE_PLACEHOLDERS.zone;
  return null;
}

export function computeShippingFee(input: ShippingFeeInput): ShippingFeeResult {
  const { typeForfait, lines } = input;
  const notes: string[] = [];
  const allIndexes = lines.map((_, i) => i);

  // Nothing is delivered: whatever the schedule says, there is no delivery fee.
  if (input.carrier?.pickup) return { ...result(typeForfait, [], [], notes), summary: PICKUP_FREE };
  if (lines.length === 0) return result(typeForfait, [], [], notes);
  if (typeForfait === null) {
    notes.push(FEE_MESSAGES.typeNotSet);
    return result(typeForfait, [], allIndexes, notes);
  }

  const carrierForfaitId = input.carrier?.forfaitId ?? null;
  if (input.carrier && carrierForfaitId !== null) {
    const linked = input.forfaits.find((f) => f.id === carrierForfaitId);
    if (!linked || !linked.tranche) {
      notes.push(
        `Transporteur « ${input.carrier.nom} » : forfait n°${carrierForfaitId} ${linked ? `sans tranche (${FEE_PLACEHOLDERS.tranche})` : 'introuvable'}`,
      );
      return result(typeForfait, [], allIndexes, notes);
    }
    const part = pricePart(typeForfait, lines, allIndexes, [linked], {
      level: 'carrier',
      zoneMatch: null,
      agencyCode: linked.agencyCode,
      familyCode: linked.familyCode,
      zoneId: linked.zoneId,
      scope: `transporteur « ${input.carrier.nom} »`,
    });
    return result(typeForfait, [part], [], notes);
  }

  const groups = new Map<string, Group>();
  for (const f of [...input.forfaits].sort((a, b) => a.id - b.id)) {
    const applies =
      (f.agencyCode === null || f.agencyCode === input.agencyCode) &&
      (f.zoneId === null || f.zoneId === input.zoneId);
    if (!applies) continue;
    const broken = forfaitProblem(f);
    if (broken) {
      notes.push(`Forfait n°${f.id} ignoré : ${broken}`);
      continue;
    }
    const key = groupKey(f.agencyCode, f.familyCode, f.zoneId);
    let group = groups.get(key);
    if (!group) {
      const level: Group['level'] =
        f.agencyCode !== null
          ? f.familyCode !== null
            ? 'agency-family'
            : 'agency'
          : f.familyCode !== null
            ? 'family'
            : 'default';
      group = {
        level,
        zoneMatch: f.zoneId === null ? 'any' : 'exact',
        agencyCode: f.agencyCode,
        familyCode: f.familyCode,
        zoneId: f.zoneId,
        forfaits: [],
      };
      groups.set(key, group);
    }
    group.forfaits.push(f);
  }

  const assigned = new Map<string, number[]>();
  const unpriced: number[] = [];
  lines.forEach((line, index) => {
    const key = groupFor(line, input.agencyCode, input.zoneId, groups);
    if (key === null) unpriced.push(index);
    else assigned.set(key, [...(assigned.get(key) ?? []), index]);
  });

  const parts: FeePart[] = [];
  for (const [key, indexes] of assigned) {
    const group = groups.get(key)!;
    parts.push(
      pricePart(typeForfait, lines, indexes, group.forfaits, {
        ...group,
        scope: scopeText(group),
      }),
    );
  }
  if (unpriced.length > 0) {
    const which =
      unpriced.length === 1
        ? `la ligne ${unpriced[0]! + 1}`
        : `les lignes ${unpriced.map((i) => i + 1).join(', ')}`;
    const why = input.zoneId === null ? ' (zone de livraison inconnue)' : '';
    notes.push(`${NO_FORFAIT} pour ${which}${why}`);
  }
  return result(typeForfait, parts, unpriced, notes);
}

/** The key of the group that prices a line, by the precedence levels above, or null. */
function groupFor(
  line: FeeLine,
  agencyCode: string | null,
  zoneId: number | null,
  groups: Map<string, Group>,
): string | null {
  const deepestFamily = (agency: string | null) => {
    if (zoneId === null) return null;
    for (let i = line.familyPath.length - 1; i >= 0; i--) {
      const key = groupKey(agency, line.familyPath[i]!, zoneId);
      if (groups.has(key)) return key;
    }
    return null;
  };
  const candidates: (() => string | null)[] = [];
  if (agencyCode !== null)
    candidates.push(
      () => deepestFamily(agencyCode),
      () => (zoneId === null ? null : groupKey(agencyCode, null, zoneId)),
      () => groupKey(agencyCode, null, null),
    );
  candidates.push(
    () => deepestFamily(null),
    () => (zoneId === null ? null : groupKey(null, null, zoneId)),
    () => groupKey(null, null, null),
  );
  for (const candidate of candidates) {
    const key = candidate();
    if (key !== null && groups.has(key)) return key;
  }
  return null;
}

type PartContext = {
  level: FeeLevel;
  zoneMatch: 'exact' | 'any' | null;
  agencyCode: string | null;
  familyCode: string | null;
  zoneId: number | null;
  /** The French description of where the forfait comes from. */
  scope: string;
};

/** Prices some lines with one forfait group (its bands), franco included. */
function pricePart(
  type: TypeForfait,
  lines: readonly FeeLine[],
  indexes: number[],
  forfaits: FeeForfait[],
  context: PartContext,
): FeePart {
  const scale = measureScale(type);
  let measureUnits = 0;
  let amountCents = 0;
  for (const i of indexes) {
    const line = lines[i]!;
    amountCents += toUnits(line.amountHt, CENTS);
    measureUnits += type === 'poids' ? toUnits(line.weightKg, WEIGHT_UNITS) : toUnits(line.amountHt, CENTS);
  }

  const bands = forfaits
    .map((f) => ({ forfait: f, band: f.tranche!, debutUnits: toUnits(f.tranche!.debut, scale) }))
    .sort((a, b) => a.debutUnits - b.debutUnits || a.band.id - b.band.id || a.forfait.id - b.forfait.id);
  let chosen = bands[0]!;
  for (const candidate of bands)
    if (candidate.debutUnits <= measureUnits && candidate.debutUnits > chosen.debutUnits) chosen = candidate;
  const belowFirstBand = measureUnits < chosen.debutUnits;

  const { forfait, band } = chosen;
  const intervalUnits = band.progressive && band.interval !== null ? toUnits(band.interval, scale) : 0;
  const progressive = intervalUnits > 0;
  const intervals = progressive
    ? Math.max(1, ceilDiv(Math.max(0, measureUnits - chosen.debutUnits), intervalUnits))
    : 1;
  const montantCents = toUnits(forfait.montant, CENTS);
  const francoCents = toUnits(forfait.franco, CENTS);
  const francoApplied = francoCents > 0 && amountCents >= francoCents;
  const feeCents = francoApplied ? 0 : intervals * montantCents;

  const part: Omit<FeePart, 'sentence'> = {
    forfaitId: forfait.id,
    level: context.level,
    zoneMatch: context.zoneMatch,
    agencyCode: context.agencyCode,
    familyCode: context.familyCode,
    zoneId: context.zoneId,
    lineIndexes: [...indexes].sort((a, b) => a - b),
    measure: measureUnits / scale,
    amountHt: amountCents / CENTS,
    band: {
      trancheId: band.id,
      libelle: band.libelle,
      debut: chosen.debutUnits / scale,
      progressive,
      interval: progressive ? intervalUnits / scale : null,
      belowFirstBand,
    },
    montant: montantCents / CENTS,
    intervals,
    franco: francoCents / CENTS,
    francoApplied,
    fee: feeCents / CENTS,
  };
  return { ...part, sentence: partSentence(type, part, context.scope, forfait.zoneLabel ?? null) };
}

function scopeText(group: Group): string {
  const scope: string[] = [];
  if (group.agencyCode !== null) scope.push(`agence ${group.agencyCode}`);
  if (group.familyCode !== null) scope.push(`famille ${group.familyCode}`);
  if (scope.length === 0) scope.push('par défaut');
  return scope.join(', ');
}

function formatMeasure(type: TypeForfait, value: number): string {
  return type === 'poids' ? `${formatQuantity(value)} kg` : `${formatEuros(value)} HT`;
}

/** e.g. 'Forfait n°12 (agence LYO, famille 01.02, zone n°3) : tranche « 0 à 50 kg » (dès 0 kg), 35,2 kg → 18,00 €'. */
function partSentence(
  type: TypeForfait,
  part: Omit<FeePart, 'sentence'>,
  scope: string,
  zoneLabel: string | null,
): string {
  const where =
    part.zoneMatch === null
      ? scope
      : `${scope}, ${part.zoneMatch === 'any' ? 'toutes zones' : zoneLabel ? `zone ${zoneLabel}` : `zone n°${part.zoneId}`}`;
  const { band } = part;
  const unit = (value: number) => (type === 'poids' ? formatMeasure(type, value) : formatEuros(value));
  const bandText = band.progressive
    ? `tranche progressive « ${band.libelle} » (dès ${unit(band.debut)}, par ${unit(band.interval!)} entamé${type === 'poids' ? 's' : ''})`
    : `tranche « ${band.libelle} » (dès ${unit(band.debut)})`;
  const measure = `${formatMeasure(type, part.measure)}${band.belowFirstBand ? ' (sous le début de la première tranche)' : ''}`;
  const charged = part.intervals * part.montant;
  const charge = band.progressive
    ? `${part.intervals} × ${formatEuros(part.montant)} = ${formatEuros(charged)}`
    : formatEuros(part.montant);
  const franco = part.francoApplied
    ? `, franco atteint (${formatEuros(part.amountHt)} HT ≥ ${formatEuros(part.franco)}) → ${formatEuros(0)}`
    : '';
  return `Forfait n°${part.forfaitId} (${where}) : ${bandText}, ${measure} → ${charge}${franco}`;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function result(
  typeForfait: TypeForfait | null,
  parts: FeePart[],
  unpricedLineIndexes: number[],
  notes: string[],
): ShippingFeeResult {
  // Parts in precedence order, then by family: the same whatever the order of the lines.
  const sorted = [...parts].sort(
    (a, b) =>
      LEVEL_RANK[a.level] - LEVEL_RANK[b.level] ||
      compareText(a.familyCode ?? '', b.familyCode ?? '') ||
      (a.zoneMatch === b.zoneMatch ? 0 : a.zoneMatch === 'exact' ? -1 : 1),
  );
  const feeCents = sorted.reduce((sum, p) => sum + Math.round(p.fee * CENTS), 0);
  const fee = feeCents / CENTS;
  const unpriced = unpricedLineIndexes.length > 0;
  const summary =
    unpriced && sorted.length === 0
      ? NO_FORFAIT
      : `Frais de port : ${formatEuros(fee)}${unpriced ? ` (${NO_FORFAIT.toLowerCase()} pour ${unpricedLineIndexes.length} ligne${unpricedLineIndexes.length > 1 ? 's' : ''})` : ''}`;
  return { typeForfait, fee, parts: sorted, unpriced, unpricedLineIndexes, notes, summary };
}
