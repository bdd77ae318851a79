CREATE TABLE "terminalboss_v3_xborder_contract" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" varchar(120) NOT NULL,
	"enabled" boolean,
	"product_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"exporter_id" uuid NOT NULL,
	"buyer_related" boolean,
	"are_goods_purchased" boolean,
	"responsible_employee_id" uuid,
	"bill_customs_charges_to" varchar(20),
	"currency" varchar(20) NOT NULL,
	"cost_of_freight" numeric(12, 2),
	"discount_amount" numeric(12, 2),
	"end_use" varchar(20) NOT NULL,
	"shipment_method_of_payment_choice" varchar(20) NOT NULL,
	"unit_or_basis_for_measurement" varchar(20) NOT NULL,
	"TSCA_statement" varchar(28) NOT NULL,
	"generate_EDI_and_invoice" boolean,
	"census_schedule" varchar(20) NOT NULL,
	"data" jsonb,
	"additional_data" jsonb,
	"associations" jsonb,
	"server_associations" jsonb,
	"comments" text,
	"created_by_server_id" uuid,
	"company_id" integer
);
--> statement-breakpoint
CREATE TABLE "terminalboss_v3_xborder_contract__consignee_options" (
	"owner_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	CONSTRAINT "terminalboss_v3_xborder_contract__consignee_options_owner_id_target_id_pk" PRIMARY KEY("owner_id","target_id")
);
--> statement-breakpoint
ALTER TABLE "terminalboss_v3_xborder_contract" ADD CONSTRAINT "terminalboss_v3_xborder_contract_product_id_terminalboss_v3_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."terminalboss_v3_product"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_xborder_contract" ADD CONSTRAINT "terminalboss_v3_xborder_contract_buyer_id_terminalboss_v3_company_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."terminalboss_v3_company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_xborder_contract" ADD CONSTRAINT "terminalboss_v3_xborder_contract_supplier_id_terminalboss_v3_company_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."terminalboss_v3_company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_xborder_contract" ADD CONSTRAINT "terminalboss_v3_xborder_contract_exporter_id_terminalboss_v3_company_id_fk" FOREIGN KEY ("exporter_id") REFERENCES "public"."terminalboss_v3_company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_xborder_contract" ADD CONSTRAINT "terminalboss_v3_xborder_contract_responsible_employee_id_terminalboss_v3_user_id_fk" FOREIGN KEY ("responsible_employee_id") REFERENCES "public"."terminalboss_v3_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_xborder_contract" ADD CONSTRAINT "terminalboss_v3_xborder_contract_created_by_server_id_terminalboss_v3_site_id_fk" FOREIGN KEY ("created_by_server_id") REFERENCES "public"."terminalboss_v3_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_xborder_contract" ADD CONSTRAINT "terminalboss_v3_xborder_contract_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_xborder_contract__consignee_options" ADD CONSTRAINT "terminalboss_v3_xborder_contract__consignee_options_owner_id_terminalboss_v3_xborder_contract_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."terminalboss_v3_xborder_contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_xborder_contract__consignee_options" ADD CONSTRAINT "terminalboss_v3_xborder_contract__consignee_options_target_id_terminalboss_v3_company_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."terminalboss_v3_company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminalboss_v3_xborder_contract_enabled_idx" ON "terminalboss_v3_xborder_contract" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_xborder_contract_product_idx" ON "terminalboss_v3_xborder_contract" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_xborder_contract_buyer_idx" ON "terminalboss_v3_xborder_contract" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_xborder_contract_supplier_idx" ON "terminalboss_v3_xborder_contract" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_xborder_contract_exporter_idx" ON "terminalboss_v3_xborder_contract" USING btree ("exporter_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_xborder_contract_responsible_employee_idx" ON "terminalboss_v3_xborder_contract" USING btree ("responsible_employee_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_xborder_contract_created_by_server_idx" ON "terminalboss_v3_xborder_contract" USING btree ("created_by_server_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_xborder_contract_name_idx" ON "terminalboss_v3_xborder_contract" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "terminalboss_v3_xborder_contract_company_name_uniq" ON "terminalboss_v3_xborder_contract" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_xborder_contract__consignee_options_target_idx" ON "terminalboss_v3_xborder_contract__consignee_options" USING btree ("target_id");