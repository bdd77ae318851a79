CREATE TABLE "terminalboss_v3_periodic_limit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" varchar(120) NOT NULL,
	"status" varchar(20) NOT NULL,
	"period_type" varchar(20) NOT NULL,
	"site_id" uuid,
	"shipper_id" uuid,
	"product_id" uuid,
	"ticket_type" varchar(20),
	"location_id" uuid,
	"basis" varchar(20) NOT NULL,
	"unit_id" uuid,
	"default_limit" numeric(14, 3) NOT NULL,
	"warning_percent" numeric(5, 2),
	"deny_over_limit" boolean,
	"attachment_id" uuid,
	"comments" text,
	"created_by_server_id" uuid,
	"company_id" integer
);
--> statement-breakpoint
CREATE TABLE "terminalboss_v3_limit_period" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"periodic_limit_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"limit" numeric(14, 3) NOT NULL,
	"warning_level" numeric(14, 3),
	"comments" text,
	"company_id" integer
);
--> statement-breakpoint
CREATE TABLE "terminalboss_v3_limit_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"periodic_limit_id" uuid NOT NULL,
	"name" varchar(60) NOT NULL,
	"value" varchar(255),
	"company_id" integer
);
--> statement-breakpoint
ALTER TABLE "terminalboss_v3_ticket" ADD COLUMN "limit_warning" varchar(1000);--> statement-breakpoint
ALTER TABLE "terminalboss_v3_periodic_limit" ADD CONSTRAINT "terminalboss_v3_periodic_limit_site_id_terminalboss_v3_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."terminalboss_v3_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_periodic_limit" ADD CONSTRAINT "terminalboss_v3_periodic_limit_shipper_id_terminalboss_v3_company_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."terminalboss_v3_company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_periodic_limit" ADD CONSTRAINT "terminalboss_v3_periodic_limit_product_id_terminalboss_v3_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."terminalboss_v3_product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_periodic_limit" ADD CONSTRAINT "terminalboss_v3_periodic_limit_location_id_terminalboss_v3_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."terminalboss_v3_location"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_periodic_limit" ADD CONSTRAINT "terminalboss_v3_periodic_limit_unit_id_terminalboss_measurementunit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."terminalboss_measurementunit"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_periodic_limit" ADD CONSTRAINT "terminalboss_v3_periodic_limit_attachment_id_stored_file_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_periodic_limit" ADD CONSTRAINT "terminalboss_v3_periodic_limit_created_by_server_id_terminalboss_v3_site_id_fk" FOREIGN KEY ("created_by_server_id") REFERENCES "public"."terminalboss_v3_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_periodic_limit" ADD CONSTRAINT "terminalboss_v3_periodic_limit_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_limit_period" ADD CONSTRAINT "terminalboss_v3_limit_period_periodic_limit_id_terminalboss_v3_periodic_limit_id_fk" FOREIGN KEY ("periodic_limit_id") REFERENCES "public"."terminalboss_v3_periodic_limit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_limit_period" ADD CONSTRAINT "terminalboss_v3_limit_period_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_limit_properties" ADD CONSTRAINT "terminalboss_v3_limit_properties_periodic_limit_id_terminalboss_v3_periodic_limit_id_fk" FOREIGN KEY ("periodic_limit_id") REFERENCES "public"."terminalboss_v3_periodic_limit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_limit_properties" ADD CONSTRAINT "terminalboss_v3_limit_properties_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminalboss_v3_periodic_limit_status_idx" ON "terminalboss_v3_periodic_limit" USING btree ("status");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_periodic_limit_site_idx" ON "terminalboss_v3_periodic_limit" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_periodic_limit_shipper_idx" ON "terminalboss_v3_periodic_limit" USING btree ("shipper_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_periodic_limit_product_idx" ON "terminalboss_v3_periodic_limit" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_periodic_limit_location_idx" ON "terminalboss_v3_periodic_limit" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_periodic_limit_unit_idx" ON "terminalboss_v3_periodic_limit" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_periodic_limit_attachment_idx" ON "terminalboss_v3_periodic_limit" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_periodic_limit_created_by_server_idx" ON "terminalboss_v3_periodic_limit" USING btree ("created_by_server_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_periodic_limit_name_idx" ON "terminalboss_v3_periodic_limit" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "terminalboss_v3_periodic_limit_company_name_uniq" ON "terminalboss_v3_periodic_limit" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_limit_period_company_idx" ON "terminalboss_v3_limit_period" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_limit_period_period_start_idx" ON "terminalboss_v3_limit_period" USING btree ("period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "terminalboss_v3_limit_period_periodic_limit_period_start_uniq" ON "terminalboss_v3_limit_period" USING btree ("periodic_limit_id","period_start");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_limit_properties_company_idx" ON "terminalboss_v3_limit_properties" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_limit_properties_name_idx" ON "terminalboss_v3_limit_properties" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "terminalboss_v3_limit_properties_periodic_limit_name_uniq" ON "terminalboss_v3_limit_properties" USING btree ("periodic_limit_id","name");