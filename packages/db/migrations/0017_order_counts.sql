CREATE TABLE "order_counts" (
	"agency_code" text PRIMARY KEY NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint

-- How many orders each agency has, kept exact in the transaction of each write, whoever writes (the
-- checkout, the demo loader, the tests): the orders list's unfiltered and per-agency totals read these
-- rows instead of counting the orders. Statement-level with transition tables, so that a bulk insert
-- costs one grouped upsert; rows are upserted in key order so that concurrent writers lock them in the
-- same order. An update that keeps every order's agency writes nothing.
CREATE FUNCTION order_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT agency_code, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT agency_code, -1 AS sign FROM old_rows'
    ELSE 'SELECT agency_code, 1 AS sign FROM new_rows UNION ALL SELECT agency_code, -1 AS sign FROM old_rows'
  END;
  EXECUTE format($q$
    INSERT INTO order_counts AS c (agency_code, orders)
    SELECT agency_code, sum(sign) FROM (%s) AS changes
    GROUP BY 1 HAVING sum(sign) <> 0 ORDER BY 1
    ON CONFLICT (agency_code) DO UPDATE SET orders = c.orders + excluded.orders
  $q$, changes);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER order_counts_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_changed();
--> statement-breakpoint
CREATE TRIGGER order_counts_updated AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_changed();
--> statement-breakpoint
CREATE TRIGGER order_counts_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_changed();
--> statement-breakpoint
CREATE FUNCTION order_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM order_counts;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER order_counts_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_counts_truncated();
--> statement-breakpoint

-- The orders written before this migration: one count, then the triggers keep it.
INSERT INTO order_counts (agency_code, orders)
SELECT agency_code, count(*) FROM orders GROUP BY agency_code;
