// The number and web id a new web order takes: they continue from the orders already there, whoever
// wrote them (the checkout, the ERP's imports, an older numbering), and are read through the partial
// indexes of migration 0024, whose predicates the queries must keep repeating word for word.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type DatabaseHandle } from '@comptoir/db/client';
import { orders } from '@comptoir/db/schema';
import { createTestDatabase } from '@comptoir/db/testing';
import { createCustomer, createOrder } from '../../test/factories';
import { numberWebOrder, provisionalOrderNumber, webOrderNumbering } from './order-writes.repository';

let handle: DatabaseHandle;
let customerCode: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  customerCode = (await createCustomer(handle)).code;
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(orders);
});

/** A new order, written under a provisional number, then numbered as the checkout numbers it. */
const next = (year = 2026) =>
  handle.db.transaction(async (tx) => {
    const order = await createOrder({ db: tx }, { customerCode, number: provisionalOrderNumber() });
    return numberWebOrder(tx, order.id, year);
  });

async function given(...rows: [number: string, webOrderId?: string | null][]) {
  for (const [number, webOrderId = null] of rows)
    await createOrder(handle, { customerCode, number, webOrderId });
}

describe('numberWebOrder', () => {
  it('starts each year at 000001 and the web ids at 200001', async () => {
    expect(await next()).toEqual({ number: 'W2026-000001', webOrderId: '200001' });
  });

  it('continues from the greatest number of the year, not the latest written', async () => {
    await given(['W2026-000041'], ['W2026-000007'], ['W2025-000900']);
    expect((await next()).number).toBe('W2026-000042');
    expect((await next(2025)).number).toBe('W2025-000901');
    expect((await next(2027)).number).toBe('W2027-000001');
  });

  it('continues from a longer number: past 999999 the longest is the last', async () => {
    await given(['W2026-999999'], ['W2026-1000000'], ['W2026-000500']);
    expect((await next()).number).toBe('W2026-1000001');
  });

  it('ignores numbers of another shape, another year or another series', async () => {
    await given(
      ['W2026-000010'],
      ['W2026-12345'], // five digits
      ['W2026-0000x9'],
      ['W2026-000020-B'],
      ['W20260-000030'],
      ['W202-000040'],
      ['XW2026-000050'],
      ['w2026-000060'],
      ['C2026-000070'],
      ['W2026-IMP-1'],
    );
    expect((await next()).number).toBe('W2026-000011');
  });

  it('continues from the greatest web id of 1 to 15 digits, compared as numbers', async () => {
    await given(
      ['A1', '204178'],
      ['A2', '99999'],
      ['A3', '0000300000'],
      ['A4', 'OEC-7'],
      ['A5', '9999999999999999'], // 16 digits: not a web id of ours
      ['A6', '30000O'],
      ['A7', null],
    );
    expect((await next()).webOrderId).toBe('300001');
  });

  it('reads both through their partial indexes, in the generic plan of a named statement too', async () => {
    await given(['W2026-000001', '200001'], ['C2026-000001']);
    // The server sends a text seen twice as a named statement, whose generic plan knows no parameter's
    // value: only a predicate written as a constant lets the planner use a partial index there. On a
    // few rows a scan is cheaper, so scans are forbidden: the plan shows whether the index could serve.
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const { sql: text, params } = new PgDialect().sqlToQuery(webOrderNumbering(tx, 1, 2026));
      await tx.execute(sql.raw(`prepare web_number_plan as ${text}`));
      const values = params.map((value) =>
        typeof value === 'number' ? String(value) : `'${String(value)}'`,
      );
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(`explain execute web_number_plan(${values.join(', ')})`),
      );
      await tx.execute(sql`deallocate web_number_plan`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('orders_web_number_idx');
    expect(plan).toContain('orders_numeric_web_order_id_idx');
  });
});
