DROP INDEX "trip_company_kind_released_at_idx";--> statement-breakpoint
DROP INDEX "trip_company_placed_at_released_at_idx";--> statement-breakpoint
DROP INDEX "trip_company_transit_days_released_at_idx";--> statement-breakpoint
DROP INDEX "trip_company_last_event_time_released_at_idx";--> statement-breakpoint
DROP INDEX "trip_company_last_loaded_released_at_idx";--> statement-breakpoint
DROP INDEX "trip_company_at_facility_released_at_idx";--> statement-breakpoint
DROP INDEX "trip_company_bad_ordered_released_at_idx";--> statement-breakpoint
DROP INDEX "trip_company_held_released_at_idx";--> statement-breakpoint
DROP INDEX "trip_company_rail_shipment_released_at_idx";