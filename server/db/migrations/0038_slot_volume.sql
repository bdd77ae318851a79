ALTER TABLE "schedule_slot" ADD COLUMN "volume_capacity" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "schedule_slot" ADD COLUMN "booked_volume" numeric(12, 3);--> statement-breakpoint
UPDATE "schedule_slot" SET "booked_volume" = 0 WHERE "booked_volume" IS NULL;--> statement-breakpoint
ALTER TABLE "schedule_slot" ADD CONSTRAINT "schedule_slot_volume_within_capacity" CHECK (booked_volume >= 0 AND (volume_capacity IS NULL OR booked_volume <= volume_capacity));