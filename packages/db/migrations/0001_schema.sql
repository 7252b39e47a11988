CREATE TABLE "activities" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"address" text,
	"postal_code" text,
	"city" text,
	"phone" text
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"code" text PRIMARY KEY NOT NULL,
	"designation1" text NOT NULL,
	"designation2" text,
	"description" text,
	"family_code" text NOT NULL,
	"price_ht" numeric(12, 4) NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT 20 NOT NULL,
	"sale_unit" text NOT NULL,
	"stock_unit" text NOT NULL,
	"prep_unit" text NOT NULL,
	"length" numeric(12, 4),
	"width" numeric(12, 4),
	"height" numeric(12, 4),
	"density" numeric(12, 4),
	"weight" numeric(12, 4),
	"diameter" numeric(12, 4),
	"capacity" numeric(12, 4),
	"dimension_unit" text,
	"weight_unit" text,
	"image" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bands" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"fee_type" text NOT NULL,
	"start" numeric(12, 4) NOT NULL,
	"progressive" boolean DEFAULT false NOT NULL,
	"interval" numeric(12, 4)
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"tracking_url" text,
	"shipping_fee_id" integer,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"article_code" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(12, 4) NOT NULL,
	"site_tag" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "customer_types" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type_code" text NOT NULL,
	"agency_code" text NOT NULL,
	"is_professional" boolean NOT NULL,
	"email" text,
	"phone" text,
	"siret" text,
	"credit_limit" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_code" text NOT NULL,
	"label" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"zone_id" integer,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "families" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"parent_code" text,
	"level" integer NOT NULL,
	"activity_code" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grouping_articles" (
	"grouping_id" integer NOT NULL,
	"article_code" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "grouping_articles_grouping_id_article_code_variant_code_pk" PRIMARY KEY("grouping_id","article_code","variant_code")
);
--> statement-breakpoint
CREATE TABLE "groupings" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"canonical_tag" text,
	"label" text,
	"type" text DEFAULT '0' NOT NULL,
	"master_article_code" text NOT NULL,
	"master_variant_code" text DEFAULT '' NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imported_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "login_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"customer_code" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"article_code" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"designation" text NOT NULL,
	"site_tag" text,
	"quantity" numeric(12, 4) NOT NULL,
	"unit" text NOT NULL,
	"unit_price_ht" numeric(12, 4) NOT NULL,
	"amount_ht" numeric(12, 2) NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"web_order_id" text,
	"customer_reference" text,
	"movement_type" text NOT NULL,
	"status" text,
	"customer_code" text NOT NULL,
	"agency_code" text NOT NULL,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount_ht" numeric(12, 2) NOT NULL,
	"amount_vat" numeric(12, 2),
	"amount_ttc" numeric(12, 2),
	"shipping_fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"payment_label" text,
	"cart_type" text NOT NULL,
	"delivery_label" text,
	"delivery_line1" text,
	"delivery_line2" text,
	"delivery_postal_code" text,
	"delivery_city" text,
	"delivery_zone_id" integer,
	"carrier_id" integer,
	"carrier_name" text,
	"payment_validated_by" text,
	"payment_validated_at" timestamp with time zone,
	"exported_at" timestamp with time zone,
	"reexport_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "selection_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"families" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"articles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"free_from" numeric(12, 2) DEFAULT 0 NOT NULL,
	"band_id" integer,
	"zone_id" integer,
	"family_code" text,
	"agency_code" text,
	CONSTRAINT "shipping_fees_unique" UNIQUE NULLS NOT DISTINCT("agency_code","zone_id","family_code","band_id")
);
--> statement-breakpoint
CREATE TABLE "site_tags" (
	"customer_code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_tags_customer_code_name_pk" PRIMARY KEY("customer_code","name")
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"article_code" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"agency_code" text NOT NULL,
	"quantity" numeric(12, 4) NOT NULL,
	CONSTRAINT "stock_article_code_variant_code_agency_code_pk" PRIMARY KEY("article_code","variant_code","agency_code")
);
--> statement-breakpoint
CREATE TABLE "units" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"customer_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_login_unique" UNIQUE("login")
);
--> statement-breakpoint
CREATE TABLE "variable_dimensions" (
	"unit_code" text PRIMARY KEY NOT NULL,
	"length" boolean DEFAULT false NOT NULL,
	"width" boolean DEFAULT false NOT NULL,
	"height" boolean DEFAULT false NOT NULL,
	"diameter" boolean DEFAULT false NOT NULL,
	"density" boolean DEFAULT false NOT NULL,
	"capacity" boolean DEFAULT false NOT NULL,
	"weight" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"article_code" text NOT NULL,
	"code" text NOT NULL,
	"designation" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_ht" numeric(12, 4),
	"weight" numeric(12, 4),
	CONSTRAINT "variants_article_code_code_pk" PRIMARY KEY("article_code","code")
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "zones_label_unique" UNIQUE("label")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_family_code_families_code_fk" FOREIGN KEY ("family_code") REFERENCES "public"."families"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_sale_unit_units_code_fk" FOREIGN KEY ("sale_unit") REFERENCES "public"."units"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_stock_unit_units_code_fk" FOREIGN KEY ("stock_unit") REFERENCES "public"."units"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_prep_unit_units_code_fk" FOREIGN KEY ("prep_unit") REFERENCES "public"."units"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_shipping_fee_id_shipping_fees_id_fk" FOREIGN KEY ("shipping_fee_id") REFERENCES "public"."shipping_fees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_article_code_articles_code_fk" FOREIGN KEY ("article_code") REFERENCES "public"."articles"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_type_code_customer_types_code_fk" FOREIGN KEY ("type_code") REFERENCES "public"."customer_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_agency_code_agencies_code_fk" FOREIGN KEY ("agency_code") REFERENCES "public"."agencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_parent_code_families_code_fk" FOREIGN KEY ("parent_code") REFERENCES "public"."families"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_activity_code_activities_code_fk" FOREIGN KEY ("activity_code") REFERENCES "public"."activities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_articles" ADD CONSTRAINT "grouping_articles_grouping_id_groupings_id_fk" FOREIGN KEY ("grouping_id") REFERENCES "public"."groupings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_articles" ADD CONSTRAINT "grouping_articles_article_code_articles_code_fk" FOREIGN KEY ("article_code") REFERENCES "public"."articles"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agency_code_agencies_code_fk" FOREIGN KEY ("agency_code") REFERENCES "public"."agencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_zone_id_zones_id_fk" FOREIGN KEY ("delivery_zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_fees" ADD CONSTRAINT "shipping_fees_band_id_bands_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."bands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_fees" ADD CONSTRAINT "shipping_fees_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_fees" ADD CONSTRAINT "shipping_fees_family_code_families_code_fk" FOREIGN KEY ("family_code") REFERENCES "public"."families"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_fees" ADD CONSTRAINT "shipping_fees_agency_code_agencies_code_fk" FOREIGN KEY ("agency_code") REFERENCES "public"."agencies"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_tags" ADD CONSTRAINT "site_tags_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_article_code_articles_code_fk" FOREIGN KEY ("article_code") REFERENCES "public"."articles"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_agency_code_agencies_code_fk" FOREIGN KEY ("agency_code") REFERENCES "public"."agencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variable_dimensions" ADD CONSTRAINT "variable_dimensions_unit_code_units_code_fk" FOREIGN KEY ("unit_code") REFERENCES "public"."units"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_article_code_articles_code_fk" FOREIGN KEY ("article_code") REFERENCES "public"."articles"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_family_idx" ON "articles" USING btree ("family_code");--> statement-breakpoint
CREATE INDEX "articles_designation_trgm_idx" ON "articles" USING gin (immutable_unaccent(lower("designation1")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cart_lines_cart_idx" ON "cart_lines" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "delivery_addresses_customer_idx" ON "delivery_addresses" USING btree ("customer_code");--> statement-breakpoint
CREATE INDEX "families_parent_idx" ON "families" USING btree ("parent_code","position");--> statement-breakpoint
CREATE INDEX "grouping_articles_article_idx" ON "grouping_articles" USING btree ("article_code","variant_code");--> statement-breakpoint
CREATE UNIQUE INDEX "imported_files_name_idx" ON "imported_files" USING btree ("name");--> statement-breakpoint
CREATE INDEX "login_events_at_idx" ON "login_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "login_events_customer_at_idx" ON "login_events" USING btree ("customer_code","at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "orders_ordered_at_idx" ON "orders" USING btree ("ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");