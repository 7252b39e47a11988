-- The orders' change notification names the orders a write touched, so that each server process drops
-- only the kept orders-list pages and counts those orders can appear in (apps/api/src/modules/orders/
-- order-changes.ts): the shop places several orders a second, and each dropped every kept page before.
-- The payload is 'orders', a tab, then a JSON array of one array per distinct touched order, before and
-- after an update: [customer_code, agency_code, Paris day of ordered_at, number, customer_reference,
-- cart_type]. Beyond 16 such orders, or should the text grow long, it is 'orders' alone (any order may
-- have changed), as is a truncation. A statement that touched no row says nothing. The transition tables
-- are the ones the statistics and order_counts triggers already capture.
DROP TRIGGER orders_changed ON orders;
--> statement-breakpoint
CREATE FUNCTION notify_orders_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  touched text;
  distinct_orders int;
  named text;
BEGIN
  touched := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows'
  END;
  EXECUTE format($q$
    SELECT count(*), jsonb_agg(named_order)::text FROM (
      SELECT DISTINCT jsonb_build_array(customer_code, agency_code,
        (ordered_at AT TIME ZONE 'Europe/Paris')::date, number, customer_reference, cart_type) AS named_order
      FROM (%s) AS touched LIMIT 17
    ) AS named
  $q$, touched) INTO distinct_orders, named;
  IF distinct_orders = 0 THEN
    RETURN NULL;
  ELSIF distinct_orders > 16 OR octet_length(named) > 7000 THEN
    PERFORM pg_notify('comptoir_changes', 'orders');
  ELSE
    PERFORM pg_notify('comptoir_changes', 'orders' || chr(9) || named);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER orders_rows_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_orders_change();
--> statement-breakpoint
CREATE TRIGGER orders_rows_updated AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_orders_change();
--> statement-breakpoint
CREATE TRIGGER orders_rows_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_orders_change();
--> statement-breakpoint
CREATE TRIGGER orders_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
