ALTER TABLE "loaded_rail_car" ADD COLUMN "active_volume" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "loaded_rail_car" ADD COLUMN "active_weight" numeric(12, 1);