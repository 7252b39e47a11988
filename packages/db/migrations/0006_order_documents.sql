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
CREATE INDEX "order_documents_order_idx" ON "order_documents" USING btree ("order_number");