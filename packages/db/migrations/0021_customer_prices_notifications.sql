-- Every server process keeps each customer's price rules in memory (apps/api/src/modules/prices),
-- as it keeps the customers (migration 0020): customer_prices now says, at commit, that it changed,
-- whichever process, import or psql session wrote it.
CREATE TRIGGER customer_prices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customer_prices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
