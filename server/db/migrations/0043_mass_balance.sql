CREATE TABLE "terminalboss_v3_tank_gauging" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"location_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"gauged_at" timestamp with time zone NOT NULL,
	"net_volume" numeric(14, 3) NOT NULL,
	"volume_unit_id" uuid,
	"temperature" numeric(7, 2),
	"method" varchar(20) NOT NULL,
	"notes" text,
	"company_id" integer
);
--> statement-breakpoint
ALTER TABLE "application_configuration" ADD COLUMN "mass_balance_tolerance_percent" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "terminalboss_v3_tank_gauging" ADD CONSTRAINT "terminalboss_v3_tank_gauging_location_id_terminalboss_v3_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."terminalboss_v3_location"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_tank_gauging" ADD CONSTRAINT "terminalboss_v3_tank_gauging_product_id_terminalboss_v3_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."terminalboss_v3_product"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_tank_gauging" ADD CONSTRAINT "terminalboss_v3_tank_gauging_volume_unit_id_terminalboss_measurementunit_id_fk" FOREIGN KEY ("volume_unit_id") REFERENCES "public"."terminalboss_measurementunit"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_tank_gauging" ADD CONSTRAINT "terminalboss_v3_tank_gauging_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminalboss_v3_tank_gauging_product_idx" ON "terminalboss_v3_tank_gauging" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_tank_gauging_gauged_at_idx" ON "terminalboss_v3_tank_gauging" USING btree ("gauged_at");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_tank_gauging_volume_unit_idx" ON "terminalboss_v3_tank_gauging" USING btree ("volume_unit_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_tank_gauging_company_idx" ON "terminalboss_v3_tank_gauging" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminalboss_v3_tank_gauging_location_gauged_at_uniq" ON "terminalboss_v3_tank_gauging" USING btree ("location_id","gauged_at");