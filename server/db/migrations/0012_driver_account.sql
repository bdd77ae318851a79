ALTER TABLE "terminalboss_v3_driver" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "terminalboss_v3_driver" ADD CONSTRAINT "terminalboss_v3_driver_account_id_user_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminalboss_v3_driver_account_idx" ON "terminalboss_v3_driver" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminalboss_v3_driver_company_account_uniq" ON "terminalboss_v3_driver" USING btree ("company_id","account_id");