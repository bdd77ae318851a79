CREATE INDEX "terminalboss_v3_usercertification_certificate_file_idx" ON "terminalboss_v3_usercertification" USING btree ("certificate_file_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_companycertification_certificate_file_idx" ON "terminalboss_v3_companycertification" USING btree ("certificate_file_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_vehiclecertification_certificate_file_idx" ON "terminalboss_v3_vehiclecertification" USING btree ("certificate_file_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticketattachment_attachment_idx" ON "terminalboss_v3_ticketattachment" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_unattached_files_file_idx" ON "terminalboss_v3_unattached_files" USING btree ("file_id");