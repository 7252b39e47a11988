-- Quantities a unit and an article may be sold in (docs/import-erp.md, version 3): a unit's decimals
-- (0: whole sacks, pieces, boxes; 2: metres, square metres, kilograms…), an article's minimum and
-- multiple, and the supplier's delay when it is ordered out of stock. The units known before get the
-- default a version 2 file gives (defaultUnitDecimals, packages/shared/src/quantity-rules.ts).
ALTER TABLE "articles" ADD COLUMN "min_quantity" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "sale_multiple" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "backorder_days" integer;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "decimals" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_decimals" CHECK ("units"."decimals" between 0 and 3);--> statement-breakpoint
UPDATE "units" SET "decimals" = 2 WHERE upper("code") IN ('M', 'ML', 'M2', 'M3', 'KG', 'T', 'L');
