-- Placing an order takes the next web number and web id under a lock that serialises checkouts
-- (nextWebOrderNumber, orders.repository.ts): each was a scan of every order, and is now the first entry
-- of one of these partial indexes. The queries repeat each predicate as the same constant, so that the
-- planner can prove it.
CREATE INDEX "orders_web_number_idx" ON "orders" USING btree (split_part("number", '-', 1),length("number") desc,"number" desc) WHERE number ~ '^W[0-9]+-[0-9]{6,}$';--> statement-breakpoint
CREATE INDEX "orders_numeric_web_order_id_idx" ON "orders" USING btree (("web_order_id"::bigint)) WHERE web_order_id ~ '^[0-9]{1,15}$';
