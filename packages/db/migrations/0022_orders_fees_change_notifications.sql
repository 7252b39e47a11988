-- The back office's orders list and home figures, and the checkout's carriers, zones and fee
-- schedule, are kept in memory by every server process (apps/api/src/plugins/answer-cache.ts), as the
-- menu is (migration 0005): these tables now say too, at commit, that they changed, whichever process,
-- import or psql session wrote them. The orders' totals (order_counts, statistics_agency_days) are
-- written only by the triggers on orders, in the same transaction: 'orders' stands for them.
CREATE TRIGGER orders_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER customer_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customer_types
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER login_events_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON login_events
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER carriers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carriers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER zones_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zones
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER shipping_fees_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_fees
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER bands_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bands
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
