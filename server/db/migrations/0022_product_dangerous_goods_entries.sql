ALTER TABLE "product" ADD COLUMN "subsidiary_classes" varchar(20);--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "rq" boolean;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "hazardous_substance" varchar(120);--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "marine_pollutant" boolean;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "inhalation_hazard_zone" varchar(20);--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "elevated_temperature" boolean;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "emergency_registrant" varchar(120);--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "erap_phone" varchar(40);--> statement-breakpoint
ALTER TABLE "rail_shipment" ADD COLUMN "residue" boolean;