-- The statistics rollups (statistics_customer_days, statistics_agency_days, statistics_agency_hours,
-- statistics_first_logins)
-- kept exact by statement-level triggers, in the transaction of each write, whoever writes: the
-- checkout, the login, the demo loader, the benchmark generator, the tests. Statement-level with
-- transition tables, so that a bulk insert of a million rows costs one grouped upsert per statement,
-- not one per row. Days are Europe/Paris days. Rows are upserted in key order so that concurrent
-- writers lock them in the same order. See docs/contract/statistics.md.

-- Orders: inserted (+1), deleted (-1), updated (-1 old, +1 new; an update that touches none of the
-- date, amount, customer or agency cancels out and writes nothing).
CREATE FUNCTION statistics_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN
      'SELECT customer_code, agency_code, ordered_at, amount_ht, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN
      'SELECT customer_code, agency_code, ordered_at, amount_ht, -1 AS sign FROM old_rows'
    ELSE
      'SELECT customer_code, agency_code, ordered_at, amount_ht, 1 AS sign FROM new_rows
       UNION ALL SELECT customer_code, agency_code, ordered_at, amount_ht, -1 AS sign FROM old_rows'
  END;
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
  $q$, changes);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER statistics_orders_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_orders_changed();
--> statement-breakpoint
CREATE TRIGGER statistics_orders_updated AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_orders_changed();
--> statement-breakpoint
CREATE TRIGGER statistics_orders_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_orders_changed();
--> statement-breakpoint

-- Logins are only ever inserted. A login's agency and type are its customer's at that time; the first
-- login ever of a customer is kept whatever order the logins arrive in (the earliest wins).
CREATE FUNCTION statistics_logins_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  WITH changes AS (
    SELECT l.customer_code, l.at, c.agency_code, c.type_code AS customer_type
    FROM new_rows l JOIN customers c ON c.code = l.customer_code
  ),
  per_customer AS (
    SELECT customer_code, (at AT TIME ZONE 'Europe/Paris')::date AS day, agency_code, customer_type,
           count(*)::int AS logins
    FROM changes GROUP BY 1, 2, 3, 4
  ),
  customer_days AS (
    INSERT INTO statistics_customer_days AS s (customer_code, day, agency_code, customer_type, logins)
    SELECT * FROM per_customer ORDER BY 1, 2, 3, 4
    ON CONFLICT (customer_code, day, agency_code, customer_type) DO UPDATE SET logins = s.logins + excluded.logins
  ),
  first_logins AS (
    INSERT INTO statistics_first_logins AS f (customer_code, first_at, agency_code, customer_type)
    SELECT DISTINCT ON (customer_code) customer_code, at, agency_code, customer_type
    FROM changes ORDER BY customer_code, at
    ON CONFLICT (customer_code) DO UPDATE
    SET first_at = excluded.first_at, agency_code = excluded.agency_code, customer_type = excluded.customer_type
    WHERE excluded.first_at < f.first_at
  ),
  agency_hours AS (
    INSERT INTO statistics_agency_hours AS s (hour, agency_code, customer_type, logins)
    SELECT date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', agency_code, customer_type, count(*)::int
    FROM changes GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (hour, agency_code, customer_type) DO UPDATE SET logins = s.logins + excluded.logins
  )
  INSERT INTO statistics_agency_days AS s (day, agency_code, customer_type, logins)
  SELECT day, agency_code, customer_type, sum(logins) FROM per_customer GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, agency_code, customer_type) DO UPDATE SET logins = s.logins + excluded.logins;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER statistics_logins_inserted AFTER INSERT ON login_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_logins_inserted();
--> statement-breakpoint

-- The rows written before this migration: one fill, then the triggers keep the rollups.
INSERT INTO statistics_customer_days (customer_code, day, agency_code, customer_type, logins, orders, amount_ht)
SELECT customer_code, day, agency_code, customer_type, sum(logins), sum(orders), sum(amount_ht)
FROM (
  SELECT o.customer_code, (o.ordered_at AT TIME ZONE 'Europe/Paris')::date AS day, o.agency_code,
         c.type_code AS customer_type, 0 AS logins, count(*) AS orders, sum(o.amount_ht) AS amount_ht
  FROM orders o JOIN customers c ON c.code = o.customer_code GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT l.customer_code, (l.at AT TIME ZONE 'Europe/Paris')::date, c.agency_code, c.type_code, count(*), 0, 0
  FROM login_events l JOIN customers c ON c.code = l.customer_code GROUP BY 1, 2, 3, 4
) AS existing
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO statistics_agency_days (day, agency_code, customer_type, logins, orders, amount_ht)
SELECT day, agency_code, customer_type, sum(logins), sum(orders), sum(amount_ht)
FROM statistics_customer_days GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO statistics_first_logins (customer_code, first_at, agency_code, customer_type)
SELECT DISTINCT ON (l.customer_code) l.customer_code, l.at, c.agency_code, c.type_code
FROM login_events l JOIN customers c ON c.code = l.customer_code
ORDER BY l.customer_code, l.at;
--> statement-breakpoint
INSERT INTO statistics_agency_hours (hour, agency_code, customer_type, logins, orders, amount_ht)
SELECT hour, agency_code, customer_type, sum(logins), sum(orders), sum(amount_ht)
FROM (
  SELECT date_trunc('hour', o.ordered_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, o.agency_code,
         c.type_code AS customer_type, 0 AS logins, count(*) AS orders, sum(o.amount_ht) AS amount_ht
  FROM orders o JOIN customers c ON c.code = o.customer_code GROUP BY 1, 2, 3
  UNION ALL
  SELECT date_trunc('hour', l.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', c.agency_code, c.type_code, count(*), 0, 0
  FROM login_events l JOIN customers c ON c.code = l.customer_code GROUP BY 1, 2, 3
) AS existing
GROUP BY 1, 2, 3;
