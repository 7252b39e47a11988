-- The storefront's tiles (an article's units, declinaisons and stock) are kept in memory by every
-- server process, as the menu is (migration 0005): these tables now say too, at commit, that they
-- changed, so that the kept tiles are dropped at once whichever process or import wrote them.
CREATE TRIGGER units_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON units
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER variants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER stock_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
