// Two years of orders, order lines and customer logins, generated day by day up to `now` and handed
// out in chunks so that a benchmark-sized set never sits in memory.
import type { CartType, MovementType, OrderStatus } from '@comptoir/shared/domain';
import { fromCents, lineCents, vatCents as vatOf } from '@comptoir/shared/money';
import { PAYMENT_LABELS, type PaymentLabel } from '@comptoir/shared/payment';
import {
  articleAt,
  articleIndexOf,
  COMBINATIONS,
  LEAVES,
  LEAVES_BY_ACTIVITY,
  type DemoArticle,
} from './catalogue';
import { customerAt, type DemoCustomer } from './customers';
import { parisDay, parisTime, parisYear } from './paris-time';
import { LAST_NAMES } from './places';
import { Random } from './random';
import {
  CRANE_CARRIER,
  DELIVERY_CARRIER,
  historicFeeCents,
  PARCEL_CARRIER,
  PICKUP_CARRIER,
  type CarrierRow,
} from './shipping';

export interface OrderRow {
  id: number;
  number: string;
  webOrderId: string | null;
  customerReference: string | null;
  movementType: MovementType;
  status: OrderStatus | null;
  customerCode: string;
  agencyCode: string;
  orderedAt: Date;
  amountHt: number;
  amountVat: number | null;
  amountTtc: number | null;
  shippingFee: number;
  paymentLabel: PaymentLabel;
  cartType: CartType;
  deliveryLabel: string | null;
  deliveryLine1: string | null;
  deliveryLine2: string | null;
  deliveryPostalCode: string | null;
  deliveryCity: string | null;
  deliveryZoneId: number | null;
  carrierId: number | null;
  carrierName: string | null;
  shipmentNumber: string | null;
  paymentValidatedBy: string | null;
  paymentValidatedAt: Date | null;
  exportedAt: Date | null;
  reexportCount: number;
}

export interface OrderLineRow {
  orderId: number;
  position: number;
  articleCode: string;
  variantCode: string;
  designation: string;
  siteTag: string | null;
  quantity: number;
  unit: string;
  unitPriceHt: number;
  amountHt: number;
  vatRate: number;
}

export interface LoginRow {
  customerCode: string;
  at: Date;
}

export interface ActivityChunk {
  orders: OrderRow[];
  lines: OrderLineRow[];
  logins: LoginRow[];
}

export interface ActivityPlan {
  now: Date;
  orders: number;
  logins: number;
  customers: number;
  articles: number;
  /** Orders per chunk handed out. */
  chunkOrders: number;
}

const DAY_MS = 86_400_000;
/** Statuses of an order that has left the agency (delivered, invoiced, partly delivered). */
const SHIPPED: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['E_LIV', 'E_FAC', 'E_LIVPAR']);
export const HISTORY_DAYS = 730;

/**
 * The newest orders, oldest first: the first page of the orders list (20 rows, newest first) shows
 * every etat (and none), every typePanier and both movement types.
 */
const NEWEST_ORDERS: readonly (readonly [MovementType, CartType, OrderStatus | null, boolean?])[] = [
  ['web', 'TER', 'E_FAC'],
  ['cde', 'TER', 'E_LIV', true],
  ['web', 'VAL', 'E_LIVPAR'],
  ['web', 'AT2', null],
  ['cde', 'VAL', 'E_CDEFOU'],
  ['web', 'TER', 'E_DIS'],
  ['web', 'ATT', null],
  ['cde', 'TER', 'E_PRE'],
  ['web', 'VAL', 'E_LIV'],
  ['web', 'TER', 'E_CDEFOU'],
  ['web', 'AT2', null],
  ['cde', 'TER', 'E_FAC'],
  ['web', 'VAL', 'E_DIS'],
  ['web', 'TER', 'E_PRE'],
  ['web', 'ATT', null],
  ['web', 'VAL', null],
  ['cde', 'TER', 'E_DIS'],
  ['web', 'TER', null],
  ['web', 'AT2', null],
  ['web', 'VAL', 'E_PRE'],
];

const ORDER_HOURS: readonly (readonly [number, number])[] = [
  [7, 8],
  [8, 12],
  [9, 12],
  [10, 11],
  [11, 9],
  [12, 4],
  [13, 5],
  [14, 9],
  [15, 10],
  [16, 9],
  [17, 7],
  [18, 3],
  [19, 2],
  [20, 2],
  [21, 1],
];
const LOGIN_HOURS: readonly (readonly [number, number])[] = [...ORDER_HOURS, [6, 2], [22, 1]];
const LINE_COUNTS: readonly (readonly [number, number])[] = [
  [1, 15],
  [2, 18],
  [3, 17],
  [4, 14],
  [5, 11],
  [6, 8],
  [7, 6],
  [8, 4],
  [10, 4],
  [12, 2],
  [15, 1],
  [20, 1],
];
const PRIVATE_REFERENCES = [
  'Salle de bain',
  'Terrasse',
  'Cuisine',
  'Garage',
  'Clôture jardin',
  'Abri de jardin',
  'Combles',
];

function dayWeight(day: number, daysAgo: number, forLogins: boolean): number {
  const date = new Date(day);
  const weekday = date.getUTCDay();
  const week = forLogins ? [0.3, 1, 1, 1, 1, 1, 0.5] : [0.02, 1, 1, 1, 1, 0.95, 0.3];
  const month = date.getUTCMonth();
  const season =
    month === 7
      ? 0.55
      : month === 11 && date.getUTCDate() > 20
        ? 0.5
        : month === 0
          ? 0.85
          : month >= 3 && month <= 5
            ? 1.1
            : 1;
  const growth = 0.75 + 0.5 * (1 - daysAgo / HISTORY_DAYS);
  return week[weekday]! * season * growth;
}

/** Spreads `total` over days by weight, rounding the running sum so that the counts add up exactly. */
function spread(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  let given = 0;
  return weights.map((weight) => {
    running += weight;
    const upTo = Math.round((total * running) / sum);
    const count = upTo - given;
    given = upTo;
    return count;
  });
}

export function* generateActivity(plan: ActivityPlan): Generator<ActivityChunk> {
  const { now } = plan;
  const today = parisDay(now);
  const nowMs = now.getTime();
  // Today counts for the share of its business hours already past.
  const hourNow = (nowMs - parisTime(today, 0).getTime()) / 3_600_000;
  const todayShare = Math.min(1, Math.max(0, (hourNow - 7) / 12));
  const days: number[] = [];
  for (let back = HISTORY_DAYS; back >= 0; back--) days.push(today - back * DAY_MS);
  const share = (index: number) => (index === days.length - 1 ? todayShare : 1);
  const orderCounts = spread(
    days.map((day, index) => dayWeight(day, HISTORY_DAYS - index, false) * share(index)),
    plan.orders,
  );
  const loginCounts = spread(
    days.map((day, index) => dayWeight(day, HISTORY_DAYS - index, true) * share(index)),
    plan.logins,
  );

  const rng = new Random('activity');
  const customers = new Map<number, DemoCustomer>();
  const articles = new Map<number, DemoArticle>();
  const customer = (index: number) => {
    let found = customers.get(index);
    if (!found) {
      if (customers.size > 20_000) customers.clear();
      found = customerAt(index, now);
      customers.set(index, found);
    }
    return found;
  };
  const article = (index: number) => {
    let found = articles.get(index);
    if (!found) {
      if (articles.size > 20_000) articles.clear();
      found = articleAt(index, now);
      articles.set(index, found);
    }
    return found;
  };
  const rounds = Math.ceil(plan.articles / COMBINATIONS);
  const counters = new Map<string, number>();
  let orderId = 0;
  let webOrders = 0;
  let chunk: ActivityChunk = { orders: [], lines: [], logins: [] };

  const pickCustomer = (at: number, web: boolean, professional: boolean): DemoCustomer => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const candidate = customer(rng.skewed(plan.customers, 1.8));
      if (candidate.row.createdAt.getTime() > at) continue;
      if (web && !candidate.webUser) continue;
      if (professional && !candidate.row.isProfessional) continue;
      return candidate;
    }
    return customer(0);
  };

  const pickArticle = (buyer: DemoCustomer): DemoArticle => {
    if (rng.chance(0.65) && buyer.activities.length > 0) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const leafIndex = rng.pick(LEAVES_BY_ACTIVITY[rng.pick(buyer.activities)]!);
        const combination = rng.skewed(LEAVES[leafIndex]!.combos, 1.3);
        const index = articleIndexOf(leafIndex, combination, rng.int(0, rounds - 1));
        if (index < plan.articles) return article(index);
      }
    }
    return article(rng.skewed(plan.articles, 1.7));
  };

  const timeOn = (day: number, hours: readonly (readonly [number, number])[]): number => {
    const limit = nowMs - 60_000;
    for (let attempt = 0; attempt < 20; attempt++) {
      const at = parisTime(day, rng.weighted(hours), rng.int(0, 59), rng.int(0, 59)).getTime();
      if (at < limit) return at;
    }
    return (
      parisTime(day, 7).getTime() + Math.floor(rng.next() * Math.max(0, limit - parisTime(day, 7).getTime()))
    );
  };

  let produced = 0;
  for (let dayIndex = 0; dayIndex < days.length; dayIndex++) {
    const day = days[dayIndex]!;
    const times = Array.from({ length: orderCounts[dayIndex]! }, () => timeOn(day, ORDER_HOURS)).sort(
      (a, b) => a - b,
    );
    const dayLogins: LoginRow[] = [];
    for (const time of times) {
      const forced =
        produced >= plan.orders - NEWEST_ORDERS.length
          ? NEWEST_ORDERS[produced - (plan.orders - NEWEST_ORDERS.length)]
          : undefined;
      produced++;
      const order = makeOrder(time, forced);
      if (order.movementType === 'web') {
        dayLogins.push({
          customerCode: order.customerCode,
          at: new Date(Math.max(day, order.orderedAt.getTime() - rng.int(2, 40) * 60_000)),
        });
      }
    }
    const extraLogins = Math.max(0, loginCounts[dayIndex]! - dayLogins.length);
    for (let n = 0; n < extraLogins; n++) {
      const at = timeOn(day, LOGIN_HOURS);
      dayLogins.push({ customerCode: pickCustomer(at, true, false).row.code, at: new Date(at) });
    }
    dayLogins.sort((a, b) => a.at.getTime() - b.at.getTime());
    chunk.logins.push(...dayLogins);
    if (chunk.orders.length >= plan.chunkOrders || dayIndex === days.length - 1) {
      yield chunk;
      chunk = { orders: [], lines: [], logins: [] };
    }
  }

  function makeOrder(time: number, forced: (typeof NEWEST_ORDERS)[number] | undefined): OrderRow {
    const ageDays = (nowMs - time) / DAY_MS;
    const movement: MovementType = forced?.[0] ?? (rng.chance(0.7) ? 'web' : 'cde');
    // Decide how it is paid first: paying on account needs a professional.
    let kind: 'account' | 'card' | 'offline';
    let cartType: CartType;
    let buyer: DemoCustomer;
    if (forced) {
      cartType = forced[1];
      kind = cartType === 'TER' ? 'account' : cartType === 'AT2' ? 'offline' : 'card';
      buyer = pickCustomer(time, movement === 'web', cartType === 'TER');
    } else {
      const professional = rng.chance(0.8);
      buyer = pickCustomer(time, movement === 'web', professional);
      const pro = buyer.row.isProfessional;
      if (movement === 'cde') kind = pro && rng.chance(0.9) ? 'account' : 'card';
      else if (pro)
        kind = rng.weighted([
          ['account', 65],
          ['card', 25],
          ['offline', 10],
        ] as const);
      else kind = rng.chance(0.75) ? 'card' : 'offline';
      cartType =
        kind === 'account'
          ? 'TER'
          : kind === 'card'
            ? movement === 'web' && rng.chance(0.1)
              ? 'ATT'
              : 'VAL'
            : 'AT2';
    }
    const paymentLabel: PaymentLabel =
      kind === 'account'
        ? PAYMENT_LABELS.compte
        : kind === 'card'
          ? PAYMENT_LABELS.carte
          : rng.chance(0.5)
            ? PAYMENT_LABELS.cheque
            : PAYMENT_LABELS.virement;
    let orderedAt = time;
    if (movement === 'cde' && !forced && rng.chance(0.7))
      orderedAt = parisTime(parisDay(new Date(time)), 0).getTime();

    // A cheque or a transfer is usually received and validated within a few days.
    let paymentValidatedBy: string | null = null;
    let paymentValidatedAt: Date | null = null;
    if (!forced && cartType === 'AT2' && ageDays > 4 && rng.chance(0.88)) {
      cartType = 'VAL';
      paymentValidatedBy = 'admin';
      paymentValidatedAt = new Date(orderedAt + rng.int(20, 96) * 3_600_000);
    }
    const validated = cartType === 'TER' || cartType === 'VAL';
    const status: OrderStatus | null = forced ? forced[2] : validated ? statusFor(ageDays, movement) : null;

    orderId++;
    const id = orderId;
    const year = parisYear(new Date(orderedAt));
    const prefix = movement === 'web' ? 'W' : 'C';
    const sequence = (counters.get(`${prefix}${year}`) ?? 0) + 1;
    counters.set(`${prefix}${year}`, sequence);
    const number = `${prefix}${year}-${String(sequence).padStart(6, '0')}`;
    const webOrderId = movement === 'web' ? String(200_000 + ++webOrders) : null;

    // Lines.
    const siteOrder = buyer.siteTags.length > 0 && rng.chance(0.45);
    const orderTag = siteOrder ? rng.pick(buyer.siteTags) : null;
    const lineCount = rng.weighted(LINE_COUNTS);
    const seen = new Set<string>();
    const vatBases = new Map<number, number>();
    let linesCents = 0;
    let weightKg = 0;
    let position = 0;
    for (let n = 0; n < lineCount; n++) {
      let chosen = pickArticle(buyer);
      for (let attempt = 0; attempt < 3 && seen.has(chosen.row.code); attempt++) chosen = pickArticle(buyer);
      if (seen.has(chosen.row.code)) continue;
      seen.add(chosen.row.code);
      const variant = chosen.variants.length > 0 ? rng.pick(chosen.variants) : null;
      const listPrice = variant?.priceHt ?? chosen.row.priceHt;
      const priceCents = Math.max(1, Math.round(listPrice * (1 - buyer.discount) * 100));
      const quantity = quantityFor(rng, chosen.row.saleUnit, listPrice);
      // The shop's one rounding rule (money.ts): the line half up to the cent.
      const amountCents = lineCents(quantity, fromCents(priceCents));
      const vatRate = chosen.row.vatRate;
      vatBases.set(vatRate, (vatBases.get(vatRate) ?? 0) + amountCents);
      linesCents += amountCents;
      weightKg += quantity * (variant?.weight ?? chosen.row.weight ?? 0);
      chunk.lines.push({
        orderId: id,
        position: ++position,
        articleCode: chosen.row.code,
        variantCode: variant?.code ?? '',
        designation: variant?.designation ?? chosen.row.designation1,
        siteTag:
          orderTag && rng.chance(0.85)
            ? orderTag
            : siteOrder && buyer.siteTags.length > 1 && rng.chance(0.5)
              ? rng.pick(buyer.siteTags)
              : null,
        quantity,
        unit: chosen.row.saleUnit,
        unitPriceHt: priceCents / 100,
        amountHt: amountCents / 100,
        vatRate,
      });
    }

    // Delivery.
    const pickup = rng.chance(movement === 'cde' ? 0.6 : 0.35);
    const carrier: CarrierRow = pickup
      ? PICKUP_CARRIER
      : weightKg > 1500 && rng.chance(0.5)
        ? CRANE_CARRIER
        : weightKg < 30 && rng.chance(0.6)
          ? PARCEL_CARRIER
          : DELIVERY_CARRIER;
    const agency = buyer.agency;
    const address = pickup ? null : rng.chance(0.6) ? buyer.addresses[0]! : rng.pick(buyer.addresses);
    const feeCents = historicFeeCents(carrier, agency.code, address?.zoneId ?? null, weightKg, linesCents);
    const htCents = linesCents + feeCents;
    vatBases.set(20, (vatBases.get(20) ?? 0) + feeCents);
    let vatCents = 0;
    for (const [rate, base] of vatBases) vatCents += vatOf(base, rate);
    const unknownTotal = movement === 'cde' && (forced ? forced[3] === true : rng.chance(0.05));

    const exportedAt =
      movement === 'web' && validated
        ? new Date(Math.min(nowMs, (paymentValidatedAt?.getTime() ?? orderedAt) + rng.int(1, 10) * 60_000))
        : null;
    const reexports = exportedAt
      ? rng.weighted([
          [0, 95],
          [1, 4],
          [2, 1],
        ] as const)
      : 0;

    const order: OrderRow = {
      id,
      number,
      webOrderId,
      customerReference: customerReference(buyer, orderTag, year),
      movementType: movement,
      status,
      customerCode: buyer.row.code,
      agencyCode: agency.code,
      orderedAt: new Date(orderedAt),
      amountHt: htCents / 100,
      amountVat: unknownTotal ? null : vatCents / 100,
      amountTtc: unknownTotal ? null : (htCents + vatCents) / 100,
      shippingFee: feeCents / 100,
      paymentLabel,
      cartType,
      deliveryLabel: address ? address.label : `Retrait à l’agence ${agency.label}`,
      deliveryLine1: address ? address.line1 : agency.address,
      deliveryLine2: address ? address.line2 : null,
      deliveryPostalCode: address ? address.postalCode : agency.postalCode,
      deliveryCity: address ? address.city : agency.city,
      deliveryZoneId: address ? address.zoneId : null,
      carrierId: carrier.id,
      carrierName: carrier.name,
      // A carrier that tracks its parcels gives a number to what has left the agency.
      shipmentNumber:
        carrier.trackingUrl && status && SHIPPED.has(status) ? `RX${number.replace(/\D/g, '')}` : null,
      paymentValidatedBy,
      paymentValidatedAt:
        paymentValidatedAt && paymentValidatedAt.getTime() < nowMs ? paymentValidatedAt : null,
      exportedAt,
      reexportCount: reexports,
    };
    if (paymentValidatedBy && !order.paymentValidatedAt) {
      // Validated in the future is not validated yet.
      order.cartType = 'AT2';
      order.paymentValidatedBy = null;
      order.status = null;
      order.exportedAt = null;
      order.reexportCount = 0;
    }
    chunk.orders.push(order);
    return order;
  }

  function statusFor(ageDays: number, movement: MovementType): OrderStatus | null {
    const web = movement === 'web';
    if (ageDays < 1)
      return rng.weighted<OrderStatus | null>([
        [null, web ? 50 : 0],
        ['E_PRE', 25],
        ['E_DIS', 20],
        ['E_CDEFOU', 5],
      ]);
    if (ageDays < 4)
      return rng.weighted<OrderStatus | null>([
        [null, web ? 5 : 0],
        ['E_PRE', 25],
        ['E_DIS', 25],
        ['E_CDEFOU', 15],
        ['E_LIV', 20],
        ['E_LIVPAR', 10],
      ]);
    if (ageDays < 30)
      return rng.weighted<OrderStatus>([
        ['E_LIV', 55],
        ['E_LIVPAR', 10],
        ['E_FAC', 30],
        ['E_CDEFOU', 5],
      ]);
    return rng.weighted<OrderStatus>([
      ['E_FAC', 93],
      ['E_LIV', 4],
      ['E_LIVPAR', 3],
    ]);
  }

  function customerReference(buyer: DemoCustomer, tag: string | null, year: number): string | null {
    if (!buyer.row.isProfessional) return rng.chance(0.15) ? rng.pick(PRIVATE_REFERENCES) : null;
    if (!rng.chance(0.55)) return null;
    return rng.weighted([
      [`BC ${String(year).slice(2)}-${String(rng.int(1, 9999)).padStart(4, '0')}`, 4],
      [tag ?? `Chantier ${rng.pick(LAST_NAMES)}`, 3],
      [`${buyer.row.code}-${rng.int(100, 999)}`, 1],
    ]);
  }
}

/** A plausible quantity in the sale unit: bulk by the half tonne, blocks by the hundred, and so on. */
function quantityFor(rng: Random, unit: string, price: number): number {
  const skewed = (min: number, max: number, power = 2) => min + (max - min) * rng.next() ** power;
  switch (unit) {
    case 'T':
      return rng.pick([0.5, 1, 1, 1.5, 2, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20]);
    case 'M2':
      return Math.round(skewed(3, 90) * 10) / 10;
    case 'M3':
      return Math.round(skewed(0.5, 8) * 10) / 10;
    case 'ML':
    case 'M':
      return Math.round(skewed(2, 60));
    case 'SAC':
      return rng.chance(0.1) ? rng.pick([40, 56, 64]) : Math.round(skewed(1, price < 20 ? 40 : 10));
    case 'PLQ':
      return Math.round(skewed(1, 60));
    case 'BAR':
      return Math.round(skewed(1, 30));
    case 'RLX':
    case 'POT':
      return Math.round(skewed(1, 8));
    case 'U':
      if (price > 150) return rng.chance(0.8) ? 1 : 2;
      if (price > 30) return Math.round(skewed(1, 5));
      if (price > 5) return Math.round(skewed(1, 20));
      if (price > 1) return Math.round(skewed(1, 12)) * 10;
      return Math.round(skewed(5, 120));
    default:
      return Math.round(skewed(1, 15));
  }
}
