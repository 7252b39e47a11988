-- What the cart checks of an article cut to size (its sale unit's variable dimensions) is kept in memory
-- by every server process (apps/api/src/plugins/answer-cache.ts), as the menu is (migration 0005):
-- this table now says too, at commit, that it changed.
CREATE TRIGGER variable_dimensions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variable_dimensions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
