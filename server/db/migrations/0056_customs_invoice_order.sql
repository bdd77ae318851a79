DROP INDEX "customs_invoice_created_at_idx";--> statement-breakpoint
CREATE INDEX "customs_invoice_invoice_date_idx" ON "customs_invoice" USING btree ("invoice_date");--> statement-breakpoint
CREATE INDEX "customs_invoice_created_idx" ON "customs_invoice" USING btree ("created_at");