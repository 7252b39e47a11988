CREATE INDEX "orders_customer_ordered_at_idx" ON "orders" USING btree ("customer_code","ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_agency_ordered_at_idx" ON "orders" USING btree ("agency_code","ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_customer_reference_idx" ON "orders" USING btree ("customer_reference");--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment_idx" ON "orders" USING btree ("ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE cart_type in ('ATT', 'AT2');