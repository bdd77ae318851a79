CREATE INDEX "product_company_name_code_idx" ON "product" USING btree ("company_id","name","code");--> statement-breakpoint
CREATE INDEX "product_company_stcc_code_idx" ON "product" USING btree ("company_id","stcc","code");--> statement-breakpoint
CREATE INDEX "product_company_unCode_code_idx" ON "product" USING btree ("company_id","unCode","code");--> statement-breakpoint
CREATE INDEX "product_company_class_code_idx" ON "product" USING btree ("company_id","class","code");--> statement-breakpoint
CREATE INDEX "product_company_packingGroup_code_idx" ON "product" USING btree ("company_id","packingGroup","code");--> statement-breakpoint
CREATE INDEX "product_company_enabled_code_idx" ON "product" USING btree ("company_id","enabled","code");--> statement-breakpoint
DROP INDEX "product_company_name_idx";