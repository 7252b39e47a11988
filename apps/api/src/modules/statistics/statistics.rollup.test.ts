// The rollups (kept by the triggers of the statistics_rollup migration) against a direct computation
// from the raw orders and logins, on random data written around midnight and the DST changes, in
// random batches and order, with orders later moved, repriced or deleted; some batches written as the
// checkout writes them (under provisional numbers, numbered before the commit), some abandoned (their
// provisional orders deleted in their transaction).
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { loginEvents, orders } from '@comptoir/db/schema';
import { formatIsoDay } from '@comptoir/shared/format';
import {
  addDays,
  dayBucketCode,
  hourBucketCode,
  statisticsBuckets,
  statisticsRows,
  STATISTICS_SCALES,
  type Measures,
  type StatisticsRow,
} from '@comptoir/shared/statistics';
import { createAgency, createCustomer, createCustomerType, unique } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';
import { provisionalOrderNumber } from '../orders/orders.service';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
});
afterAll(() => app.close());

// Around the spring change, the autumn change and a new year's midnight (Paris).
const ORIGINS = ['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z', '2026-12-31T20:00:00Z'];
const WINDOW_MINUTES = 56 * 60;

interface Event {
  kind: 'order' | 'login';
  customer: number;
  minute: number;
  cents: number;
}
const event = fc.record({
  kind: fc.constantFrom('order' as const, 'login' as const),
  customer: fc.nat(3),
  // Whole hours ± a minute are the edges: midnight, the DST changes.
  minute: fc.oneof(
    fc.nat(WINDOW_MINUTES),
    fc.nat(WINDOW_MINUTES / 60).chain((h) => fc.constantFrom(h * 60 - 1, h * 60, h * 60 + 1)),
  ),
  cents: fc.integer({ min: 1, max: 1_000_000 }),
});
const change = fc.record({
  index: fc.nat(),
  action: fc.constantFrom('move' as const, 'reprice' as const, 'delete' as const, 'validate' as const),
  minute: fc.nat(WINDOW_MINUTES),
  cents: fc.integer({ min: 1, max: 1_000_000 }),
});

interface Customer {
  code: string;
  agency: string;
  type: string;
}

/** Four customers over two agencies and two types, new for each run. */
async function customers(): Promise<Customer[]> {
  const agencies = [await createAgency(app), await createAgency(app)];
  const types = [await createCustomerType(app), await createCustomerType(app)];
  const list: Customer[] = [];
  for (let i = 0; i < 4; i++) {
    const row = await createCustomer(app, {
      agencyCode: agencies[i % 2]!.code,
      typeCode: types[i >> 1]!.code,
    });
    list.push({ code: row.code, agency: row.agencyCode, type: row.typeCode });
  }
  return list;
}

interface Raw {
  customer: Customer;
  ms: number;
  cents: number;
}

/** The rows computed directly from the raw events, as the API should answer them. */
function direct(
  logins: Raw[],
  placed: Raw[],
  period: { dateDebut: string; dateFin: string; echelle: (typeof STATISTICS_SCALES)[number] },
  keep: (c: Customer) => boolean,
): StatisticsRow[] {
  const code = (ms: number) =>
    period.echelle === 'heure'
      ? hourBucketCode(Math.floor(ms / 3_600_000) * 3_600_000)
      : dayBucketCode(formatIsoDay(new Date(ms)), period.echelle);
  const figures: [string, Measures][] = [];
  const first = new Map<string, Raw>();
  for (const l of logins) {
    const seen = first.get(l.customer.code);
    if (!seen || l.ms < seen.ms) first.set(l.customer.code, l);
    if (keep(l.customer)) figures.push([code(l.ms), { connexions: 1, commandes: 0, ca: 0, premiereco: 0 }]);
  }
  for (const l of first.values())
    if (keep(l.customer)) figures.push([code(l.ms), { connexions: 0, commandes: 0, ca: 0, premiereco: 1 }]);
  for (const o of placed)
    if (keep(o.customer))
      figures.push([code(o.ms), { connexions: 0, commandes: 1, ca: o.cents / 100, premiereco: 0 }]);
  return statisticsRows(statisticsBuckets(period.dateDebut, period.dateFin, period.echelle), figures);
}

it('agrees with a direct computation from the raw rows', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ORIGINS),
      fc.array(event, { minLength: 1, maxLength: 30 }),
      fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 5 }),
      fc.array(change, { maxLength: 6 }),
      fc.array(fc.constantFrom('direct' as const, 'numbered' as const, 'abandoned' as const), {
        minLength: 1,
        maxLength: 4,
      }),
      async (origin, events, batchSizes, changes, batchWrites) => {
        const list = await customers();
        const start = Date.parse(origin);
        const ms = (minute: number) => start + minute * 60_000;
        // Written in random batches (one statement each), in the generated order, not in time order.
        const logins: Raw[] = [];
        const placed: (Raw & { id: number })[] = [];
        let i = 0;
        for (let b = 0; i < events.length; b++) {
          const batch: Event[] = events.slice(i, i + batchSizes[b % batchSizes.length]!);
          i += batch.length;
          const loginBatch = batch.filter((e) => e.kind === 'login');
          const orderBatch = batch.filter((e) => e.kind === 'order');
          if (loginBatch.length)
            await app.db
              .insert(loginEvents)
              .values(
                loginBatch.map((e) => ({ customerCode: list[e.customer]!.code, at: new Date(ms(e.minute)) })),
              );
          for (const e of loginBatch)
            logins.push({ customer: list[e.customer]!, ms: ms(e.minute), cents: 0 });
          if (orderBatch.length) {
            const write = batchWrites[b % batchWrites.length]!;
            const rows = await app.db.transaction(async (tx) => {
              const written = await tx
                .insert(orders)
                .values(
                  orderBatch.map((e) => ({
                    number: write === 'direct' ? unique('BC') : provisionalOrderNumber(),
                    movementType: 'web' as const,
                    cartType: 'TER' as const,
                    customerCode: list[e.customer]!.code,
                    agencyCode: list[e.customer]!.agency,
                    orderedAt: new Date(ms(e.minute)),
                    amountHt: e.cents / 100,
                  })),
                )
                .returning({ id: orders.id });
              const ids = written.map((row) => row.id);
              if (write === 'abandoned') await tx.delete(orders).where(inArray(orders.id, ids));
              // Numbered as the checkout numbers them: one update, just before the commit.
              if (write === 'numbered')
                await tx
                  .update(orders)
                  .set({ number: sql`'BC-' || ${orders.id}::text` })
                  .where(inArray(orders.id, ids));
              return written;
            });
            if (write !== 'abandoned')
              orderBatch.forEach((e, k) =>
                placed.push({
                  id: rows[k]!.id,
                  customer: list[e.customer]!,
                  ms: ms(e.minute),
                  cents: e.cents,
                }),
              );
          }
        }
        // Then some orders move, change amount, are validated or deleted.
        for (const c of changes) {
          if (!placed.length) break;
          const k = c.index % placed.length;
          const o = placed[k]!;
          if (c.action === 'delete') {
            await app.db.delete(orders).where(eq(orders.id, o.id));
            placed.splice(k, 1);
          } else if (c.action === 'move') {
            await app.db
              .update(orders)
              .set({ orderedAt: new Date(ms(c.minute)) })
              .where(eq(orders.id, o.id));
            o.ms = ms(c.minute);
          } else if (c.action === 'reprice') {
            await app.db
              .update(orders)
              .set({ amountHt: c.cents / 100 })
              .where(eq(orders.id, o.id));
            o.cents = c.cents;
          } else {
            await app.db
              .update(orders)
              .set({ cartType: 'VAL' })
              .where(
                inArray(
                  orders.id,
                  placed.map((p) => p.id),
                ),
              );
          }
        }

        const firstDay = formatIsoDay(new Date(start));
        const dateDebut = addDays(firstDay, -1);
        const dateFin = addDays(firstDay, 3);
        const agencies = [...new Set(list.map((c) => c.agency))];
        const filters: { query: Record<string, string | string[]>; keep: (c: Customer) => boolean }[] = [
          { query: { 'agences[]': agencies }, keep: () => true },
          { query: { 'agences[]': [agencies[1]!] }, keep: (c) => c.agency === agencies[1] },
          { query: { client: list[2]!.code }, keep: (c) => c.code === list[2]!.code },
          {
            query: { 'agences[]': [agencies[0]!], typeClient: list[3]!.type },
            keep: (c) => c.agency === agencies[0] && c.type === list[3]!.type,
          },
        ];
        for (const echelle of STATISTICS_SCALES) {
          for (const f of filters) {
            const params = new URLSearchParams({ dateDebut, dateFin, echelle });
            for (const [key, value] of Object.entries(f.query))
              for (const v of [value].flat()) params.append(key, v);
            const response = await app.inject({ url: `/admin/statistiques/fetch?${params}`, headers: admin });
            expect(response.statusCode).toBe(200);
            expect(response.json()).toEqual(direct(logins, placed, { dateDebut, dateFin, echelle }, f.keep));
          }
        }
      },
    ),
    { numRuns: 25 },
  );
  // 25 runs of up to 30 writes and 16 page loads each: seconds on a quiet machine, more on a busy one.
}, 120_000);
