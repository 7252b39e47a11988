-- An order being placed is written under a provisional number ('provisoire-' and a UUID, never seen
-- outside its transaction) and numbered by the transaction's last statement, under the lock that
-- numbers the checkouts in turn (apps/api/src/modules/orders/orders.repository.ts, numberWebOrder).
-- The rollups (statistics_*, order_counts) now count it from that numbering, not from its insert:
-- the rollup rows it touches (its agency's day, hour and count) stay locked until the commit, and
-- locked from the insert they made every other checkout of the same agency wait for the rest of this
-- one (its lines, its export's record, its payment, its cart emptied, each a round trip). Counted at
-- the numbering, they are locked only while the numbering lock is held anyway. A provisional order
-- is therefore left out of every rollup, whatever the write: its insert and deletion count nothing,
-- and the update that numbers it counts it once. Every other writer (the demo loader, the benchmark
-- generator, the ERP import) writes real numbers and is counted as before.

-- The rows a statement on orders adds (+1) and removes (-1) for the rollups, provisional orders left
-- out: the query the two trigger functions below aggregate, over their transition tables. (Both are
-- restated whole: a migration replaces a function, it cannot patch one.)
CREATE FUNCTION counted_order_changes(operation text, columns text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT concat_ws(' UNION ALL ',
    CASE WHEN operation IN ('INSERT', 'UPDATE') THEN
      format('SELECT %s, 1 AS sign FROM new_rows WHERE NOT starts_with(number, %L)', columns, 'provisoire-')
    END,
    CASE WHEN operation IN ('DELETE', 'UPDATE') THEN
      format('SELECT %s, -1 AS sign FROM old_rows WHERE NOT starts_with(number, %L)', columns, 'provisoire-')
    END)
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    WITH changes AS (%s),
    enriched AS (
      SELECT ch.*, c.type_code AS customer_type FROM changes ch JOIN customers c ON c.code = ch.customer_code
    ),
    per_customer AS (
      SELECT customer_code, (ordered_at AT TIME ZONE 'Europe/Paris')::date AS day, agency_code, customer_type,
             sum(sign)::int AS orders, sum(sign * amount_ht) AS amount_ht
      FROM enriched
      GROUP BY 1, 2, 3, 4
      HAVING sum(sign) <> 0 OR sum(sign * amount_ht) <> 0
    ),
    per_hour AS (
      SELECT date_trunc('hour', ordered_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, agency_code, customer_type,
             sum(sign)::int AS orders, sum(sign * amount_ht) AS amount_ht
      FROM enriched
      GROUP BY 1, 2, 3
      HAVING sum(sign) <> 0 OR sum(sign * amount_ht) <> 0
    ),
    customer_days AS (
      INSERT INTO statistics_customer_days AS s (customer_code, day, agency_code, customer_type, orders, amount_ht)
      SELECT * FROM per_customer ORDER BY 1, 2, 3, 4
      ON CONFLICT (customer_code, day, agency_code, customer_type)
      DO UPDATE SET orders = s.orders + excluded.orders, amount_ht = s.amount_ht + excluded.amount_ht
    ),
    agency_hours AS (
      INSERT INTO statistics_agency_hours AS s (hour, agency_code, customer_type, orders, amount_ht)
      SELECT * FROM per_hour ORDER BY 1, 2, 3
      ON CONFLICT (hour, agency_code, customer_type)
      DO UPDATE SET orders = s.orders + excluded.orders, amount_ht = s.amount_ht + excluded.amount_ht
    )
    INSERT INTO statistics_agency_days AS s (day, agency_code, customer_type, orders, amount_ht)
    SELECT day, agency_code, customer_type, sum(orders), sum(amount_ht) FROM per_customer
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, agency_code, customer_type)
    DO UPDATE SET orders = s.orders + excluded.orders, amount_ht = s.amount_ht + excluded.amount_ht
  $q$, counted_order_changes(TG_OP, 'customer_code, agency_code, ordered_at, amount_ht'));
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    INSERT INTO order_counts AS c (agency_code, orders)
    SELECT agency_code, sum(sign) FROM (%s) AS changes
    GROUP BY 1 HAVING sum(sign) <> 0 ORDER BY 1
    ON CONFLICT (agency_code) DO UPDATE SET orders = c.orders + excluded.orders
  $q$, counted_order_changes(TG_OP, 'agency_code'));
  RETURN NULL;
END
$fn$;
