ALTER TABLE "trip" ADD COLUMN "last_loaded" boolean;--> statement-breakpoint
ALTER TABLE "trip" ADD COLUMN "at_facility" boolean;--> statement-breakpoint
CREATE INDEX "trip_company_last_loaded_released_at_idx" ON "trip" USING btree ("company_id","last_loaded","released_at");--> statement-breakpoint
CREATE INDEX "trip_company_at_facility_released_at_idx" ON "trip" USING btree ("company_id","at_facility","released_at");--> statement-breakpoint
CREATE INDEX "trip_company_bad_ordered_released_at_idx" ON "trip" USING btree ("company_id","bad_ordered","released_at");--> statement-breakpoint
CREATE INDEX "trip_company_held_released_at_idx" ON "trip" USING btree ("company_id","held","released_at");--> statement-breakpoint
UPDATE "trip" SET "at_facility" = "last_event_code" IN ('Z', 'Y'), "last_loaded" = COALESCE((SELECT e."loaded" FROM "car_event" e WHERE e."car_id" = "trip"."car_id" AND e."event_time" = "trip"."last_event_time" ORDER BY e."id" DESC LIMIT 1), false);
