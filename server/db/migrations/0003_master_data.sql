ALTER TABLE "terminalboss_v3_location" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_location" ALTER COLUMN "code" DROP NOT NULL;