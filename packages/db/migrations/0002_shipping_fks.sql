ALTER TABLE "shipping_fees" DROP CONSTRAINT "shipping_fees_band_id_bands_id_fk";
--> statement-breakpoint
ALTER TABLE "shipping_fees" DROP CONSTRAINT "shipping_fees_zone_id_zones_id_fk";
--> statement-breakpoint
ALTER TABLE "shipping_fees" DROP CONSTRAINT "shipping_fees_family_code_families_code_fk";
--> statement-breakpoint
ALTER TABLE "shipping_fees" DROP CONSTRAINT "shipping_fees_agency_code_agencies_code_fk";
--> statement-breakpoint
ALTER TABLE "shipping_fees" ADD CONSTRAINT "shipping_fees_band_id_bands_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."bands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_fees" ADD CONSTRAINT "shipping_fees_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_fees" ADD CONSTRAINT "shipping_fees_family_code_families_code_fk" FOREIGN KEY ("family_code") REFERENCES "public"."families"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_fees" ADD CONSTRAINT "shipping_fees_agency_code_agencies_code_fk" FOREIGN KEY ("agency_code") REFERENCES "public"."agencies"("code") ON DELETE restrict ON UPDATE no action;