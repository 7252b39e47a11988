DROP INDEX "orders_customer_reference_idx";--> statement-breakpoint
CREATE INDEX "orders_customer_reference_lower_idx" ON "orders" USING btree (lower("customer_reference"));--> statement-breakpoint
CREATE INDEX "orders_number_lower_idx" ON "orders" USING btree (lower("number"));