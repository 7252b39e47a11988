-- Every server process keeps in memory the sessions it has checked, the customers, the agencies and
-- the product pages' groupings (apps/api/src/plugins/answer-cache.ts), as it keeps the menu (migration
-- 0005): these tables now say, at commit, that they changed, whichever process, import or psql
-- session wrote them.
-- Sessions and accounts say it only when one may be refused from then on (a session ended, an account
-- changed or removed), not when a login opens one or a request keeps it alive.
CREATE TRIGGER sessions_changed AFTER DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER customers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER agencies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agencies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER groupings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON groupings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER grouping_articles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON grouping_articles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
