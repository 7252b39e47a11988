CREATE TABLE "card_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"session_id" text,
	"amount_ttc" numeric(12, 2) NOT NULL,
	"mail_customer" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "card_payments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "card_payments_provider_session_unique" UNIQUE("provider","session_id")
);
--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "pickup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Shops created before the flag: their agency pickup carrier becomes pickup (free).
UPDATE "carriers" SET "pickup" = true WHERE "name" = 'Retrait en agence';
