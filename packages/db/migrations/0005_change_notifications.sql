-- Every server process caches answers built from these tables (menu, categories) and must drop them
-- as soon as the data changes, whichever process or import changed it. Each statement that writes
-- one of them sends the table's name on the channel comptoir_changes; PostgreSQL delivers it at
-- commit (never for a rollback) to every session listening, and merges repeats within a transaction.
CREATE OR REPLACE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('comptoir_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activities_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON activities
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER families_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON families
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER articles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
