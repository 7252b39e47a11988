CREATE TABLE "site_page_versions" (
	"page" text NOT NULL,
	"version" integer NOT NULL,
	"markdown" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" text,
	CONSTRAINT "site_page_versions_page_version_pk" PRIMARY KEY("page","version")
);
--> statement-breakpoint
CREATE TABLE "visitor_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"label" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"zone_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "opening_hours" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_line1" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_line2" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_postal_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cgv_version" integer;--> statement-breakpoint
ALTER TABLE "visitor_addresses" ADD CONSTRAINT "visitor_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_addresses" ADD CONSTRAINT "visitor_addresses_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitor_addresses_user_idx" ON "visitor_addresses" USING btree ("user_id");--> statement-breakpoint
-- The storefront keeps each page's latest version in memory (answer-cache.ts): a save, on any
-- process, says so at commit (migration 0005's function).
CREATE TRIGGER site_page_versions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_page_versions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
