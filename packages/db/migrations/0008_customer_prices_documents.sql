CREATE TABLE "customer_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_code" text,
	"customer_type_code" text,
	"article_code" text,
	"family_code" text,
	"agency_code" text,
	"net_price" numeric(12, 4),
	"discount" numeric(5, 2),
	CONSTRAINT "customer_prices_unique" UNIQUE NULLS NOT DISTINCT("customer_code","customer_type_code","article_code","family_code","agency_code"),
	CONSTRAINT "customer_prices_who" CHECK (num_nonnulls("customer_prices"."customer_code", "customer_prices"."customer_type_code") = 1),
	CONSTRAINT "customer_prices_what" CHECK (num_nonnulls("customer_prices"."article_code", "customer_prices"."family_code") = 1),
	CONSTRAINT "customer_prices_how" CHECK (num_nonnulls("customer_prices"."net_price", "customer_prices"."discount") = 1),
	CONSTRAINT "customer_prices_discount" CHECK ("customer_prices"."discount" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"amount" numeric(12, 2),
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_documents_kind_number" UNIQUE("kind","number")
);
--> statement-breakpoint
ALTER TABLE "customer_prices" ADD CONSTRAINT "customer_prices_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_prices" ADD CONSTRAINT "customer_prices_customer_type_code_customer_types_code_fk" FOREIGN KEY ("customer_type_code") REFERENCES "public"."customer_types"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_prices" ADD CONSTRAINT "customer_prices_article_code_articles_code_fk" FOREIGN KEY ("article_code") REFERENCES "public"."articles"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_prices" ADD CONSTRAINT "customer_prices_family_code_families_code_fk" FOREIGN KEY ("family_code") REFERENCES "public"."families"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_prices" ADD CONSTRAINT "customer_prices_agency_code_agencies_code_fk" FOREIGN KEY ("agency_code") REFERENCES "public"."agencies"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_prices_customer_idx" ON "customer_prices" USING btree ("customer_code");--> statement-breakpoint
CREATE INDEX "customer_prices_type_idx" ON "customer_prices" USING btree ("customer_type_code");--> statement-breakpoint
CREATE INDEX "order_documents_order_idx" ON "order_documents" USING btree ("order_number");