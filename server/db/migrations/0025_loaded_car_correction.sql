-- Cars loaded before the correction could be computed had their factors typed.
ALTER TABLE "loaded_rail_car" ADD COLUMN "correction" varchar(20) DEFAULT 'typed' NOT NULL;--> statement-breakpoint
ALTER TABLE "loaded_rail_car" ALTER COLUMN "correction" DROP DEFAULT;
