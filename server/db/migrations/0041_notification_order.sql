DROP INDEX "notification_created_at_idx";--> statement-breakpoint
CREATE INDEX "notification_created_idx" ON "notification" USING btree ("created_at");