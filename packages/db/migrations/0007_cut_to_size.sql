ALTER TABLE "cart_lines" ADD COLUMN "pieces" integer;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "dimensions" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "pieces" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "dimensions" jsonb;