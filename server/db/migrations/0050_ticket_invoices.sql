CREATE TABLE "terminalboss_v3_service_contract" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(120) NOT NULL,
	"customer_id" uuid NOT NULL,
	"site_id" uuid,
	"currency" varchar(20) NOT NULL,
	"effective_date" date NOT NULL,
	"expiration_date" date,
	"payment_terms_days" integer,
	"tax_name" varchar(20),
	"tax_rate" numeric(6, 3),
	"enabled" boolean,
	"comments" text,
	"created_by_server_id" uuid,
	"company_id" integer
);
--> statement-breakpoint
CREATE TABLE "terminalboss_v3_service_contract_ticket" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"service_contract_id" uuid NOT NULL,
	"description" varchar(120) NOT NULL,
	"ticket_type" varchar(20),
	"product_id" uuid,
	"basis" varchar(20) NOT NULL,
	"unit_id" uuid,
	"unit_price" numeric(14, 4) NOT NULL,
	"minimum_charge" numeric(12, 2),
	"enabled" boolean,
	"company_id" integer
);
--> statement-breakpoint
CREATE TABLE "terminalboss_v3_ticket_invoice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(30),
	"status" varchar(20) NOT NULL,
	"customer_id" uuid NOT NULL,
	"service_contract_id" uuid NOT NULL,
	"currency" varchar(20) NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date,
	"po_number" varchar(40),
	"ticket_count" integer,
	"subtotal" numeric(14, 2),
	"tax_name" varchar(20),
	"tax_rate" numeric(6, 3),
	"tax_total" numeric(14, 2),
	"total" numeric(14, 2),
	"invoice_methods" text[],
	"sent_for_approval_at" timestamp with time zone,
	"sent_for_approval_by" varchar(200),
	"approved_at" timestamp with time zone,
	"approved_by" varchar(200),
	"sent_for_payment_at" timestamp with time zone,
	"exported_at" timestamp with time zone,
	"jobutrax_sent_at" timestamp with time zone,
	"jobutrax_reference" varchar(100),
	"jobutrax_message" varchar(500),
	"comments" text,
	"void_reason" varchar(255),
	"company_id" integer
);
--> statement-breakpoint
CREATE TABLE "terminalboss_v3_ticket_invoice_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer,
	"ticket_id" uuid NOT NULL,
	"price_id" uuid,
	"description" varchar(200),
	"product_id" uuid,
	"ticket_date" date,
	"basis" varchar(20),
	"quantity" numeric(14, 3),
	"unit_id" uuid,
	"unit_price" numeric(14, 4),
	"amount" numeric(14, 2),
	"open" boolean,
	"company_id" integer
);
--> statement-breakpoint
ALTER TABLE "terminalboss_v3_service_contract" ADD CONSTRAINT "terminalboss_v3_service_contract_customer_id_terminalboss_v3_company_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."terminalboss_v3_company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_service_contract" ADD CONSTRAINT "terminalboss_v3_service_contract_site_id_terminalboss_v3_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."terminalboss_v3_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_service_contract" ADD CONSTRAINT "terminalboss_v3_service_contract_created_by_server_id_terminalboss_v3_site_id_fk" FOREIGN KEY ("created_by_server_id") REFERENCES "public"."terminalboss_v3_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_service_contract" ADD CONSTRAINT "terminalboss_v3_service_contract_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_service_contract_ticket" ADD CONSTRAINT "terminalboss_v3_service_contract_ticket_service_contract_id_terminalboss_v3_service_contract_id_fk" FOREIGN KEY ("service_contract_id") REFERENCES "public"."terminalboss_v3_service_contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_service_contract_ticket" ADD CONSTRAINT "terminalboss_v3_service_contract_ticket_product_id_terminalboss_v3_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."terminalboss_v3_product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_service_contract_ticket" ADD CONSTRAINT "terminalboss_v3_service_contract_ticket_unit_id_terminalboss_measurementunit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."terminalboss_measurementunit"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_service_contract_ticket" ADD CONSTRAINT "terminalboss_v3_service_contract_ticket_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_ticket_invoice" ADD CONSTRAINT "terminalboss_v3_ticket_invoice_customer_id_terminalboss_v3_company_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."terminalboss_v3_company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_ticket_invoice" ADD CONSTRAINT "terminalboss_v3_ticket_invoice_service_contract_id_terminalboss_v3_service_contract_id_fk" FOREIGN KEY ("service_contract_id") REFERENCES "public"."terminalboss_v3_service_contract"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_ticket_invoice" ADD CONSTRAINT "terminalboss_v3_ticket_invoice_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_ticket_invoice_line" ADD CONSTRAINT "terminalboss_v3_ticket_invoice_line_invoice_id_terminalboss_v3_ticket_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."terminalboss_v3_ticket_invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_ticket_invoice_line" ADD CONSTRAINT "terminalboss_v3_ticket_invoice_line_ticket_id_terminalboss_v3_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."terminalboss_v3_ticket"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_ticket_invoice_line" ADD CONSTRAINT "terminalboss_v3_ticket_invoice_line_price_id_terminalboss_v3_service_contract_ticket_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."terminalboss_v3_service_contract_ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_ticket_invoice_line" ADD CONSTRAINT "terminalboss_v3_ticket_invoice_line_product_id_terminalboss_v3_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."terminalboss_v3_product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_ticket_invoice_line" ADD CONSTRAINT "terminalboss_v3_ticket_invoice_line_unit_id_terminalboss_measurementunit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."terminalboss_measurementunit"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_ticket_invoice_line" ADD CONSTRAINT "terminalboss_v3_ticket_invoice_line_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminalboss_v3_service_contract_code_idx" ON "terminalboss_v3_service_contract" USING btree ("code");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_service_contract_customer_idx" ON "terminalboss_v3_service_contract" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_service_contract_site_idx" ON "terminalboss_v3_service_contract" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_service_contract_enabled_idx" ON "terminalboss_v3_service_contract" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_service_contract_created_by_server_idx" ON "terminalboss_v3_service_contract" USING btree ("created_by_server_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_service_contract_effective_date_idx" ON "terminalboss_v3_service_contract" USING btree ("effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "terminalboss_v3_service_contract_company_code_uniq" ON "terminalboss_v3_service_contract" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_service_contract_ticket_service_contract_idx" ON "terminalboss_v3_service_contract_ticket" USING btree ("service_contract_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_service_contract_ticket_product_idx" ON "terminalboss_v3_service_contract_ticket" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_service_contract_ticket_unit_idx" ON "terminalboss_v3_service_contract_ticket" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_service_contract_ticket_company_idx" ON "terminalboss_v3_service_contract_ticket" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_service_contract_ticket_description_idx" ON "terminalboss_v3_service_contract_ticket" USING btree ("description");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_code_idx" ON "terminalboss_v3_ticket_invoice" USING btree ("code");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_status_idx" ON "terminalboss_v3_ticket_invoice" USING btree ("status");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_customer_idx" ON "terminalboss_v3_ticket_invoice" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_service_contract_idx" ON "terminalboss_v3_ticket_invoice" USING btree ("service_contract_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_invoice_date_idx" ON "terminalboss_v3_ticket_invoice" USING btree ("invoice_date");--> statement-breakpoint
CREATE UNIQUE INDEX "terminalboss_v3_ticket_invoice_company_code_uniq" ON "terminalboss_v3_ticket_invoice" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_company_status_invoice_date_idx" ON "terminalboss_v3_ticket_invoice" USING btree ("company_id","status","invoice_date");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_line_invoice_idx" ON "terminalboss_v3_ticket_invoice_line" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_line_ticket_idx" ON "terminalboss_v3_ticket_invoice_line" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_line_price_idx" ON "terminalboss_v3_ticket_invoice_line" USING btree ("price_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_line_product_idx" ON "terminalboss_v3_ticket_invoice_line" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_line_unit_idx" ON "terminalboss_v3_ticket_invoice_line" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_line_open_idx" ON "terminalboss_v3_ticket_invoice_line" USING btree ("open");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_line_company_idx" ON "terminalboss_v3_ticket_invoice_line" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_invoice_line_position_idx" ON "terminalboss_v3_ticket_invoice_line" USING btree ("position");--> statement-breakpoint
-- A ticket is never charged twice (docs/terminal.md, Ticket invoices): whatever writes the lines, one charge of a ticket is open once.
CREATE UNIQUE INDEX "terminalboss_v3_ticket_invoice_line_charged_once" ON "terminalboss_v3_ticket_invoice_line" USING btree ("ticket_id","price_id") WHERE "open";
