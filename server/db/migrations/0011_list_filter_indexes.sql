DROP INDEX "company_name_idx";--> statement-breakpoint
DROP INDEX "groups_name_idx";--> statement-breakpoint
DROP INDEX "permission_content_type_idx";--> statement-breakpoint
DROP INDEX "user_email_idx";--> statement-breakpoint
DROP INDEX "application_configuration_company_idx";--> statement-breakpoint
DROP INDEX "party_company_idx";--> statement-breakpoint
DROP INDEX "facility_company_idx";--> statement-breakpoint
DROP INDEX "product_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_site_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_measurementunit_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_companytype_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_company_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_companytypetable_company_type_idx";--> statement-breakpoint
DROP INDEX "terminalboss_companyhierarchy_stockholder_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_user_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_personcompany_personKey_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_product_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_gipproduct_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_location_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_locationproduct_location_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_vehicle_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_staff_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_driver_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_gcanalysis_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_certification_company_idx";--> statement-breakpoint
DROP INDEX "certificatetype_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_useraccess_user_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_route_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_permission_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_group_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_companyrole_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_ticket_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_ticket_company_ticket_date_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_ticket_company_status_ticket_date_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_ticket_company_created_by_server_ticke_7c99a33a";--> statement-breakpoint
DROP INDEX "terminalboss_v3_ticketproperty_ticket_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_ticketwastedisposal_company_idx";--> statement-breakpoint
DROP INDEX "terminalboss_v3_barcode_company_idx";--> statement-breakpoint
DROP INDEX "car_company_idx";--> statement-breakpoint
DROP INDEX "car_event_car_idx";--> statement-breakpoint
DROP INDEX "car_event_company_idx";--> statement-breakpoint
CREATE INDEX "product_company_name_idx" ON "product" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "product_company_stcc_name_idx" ON "product" USING btree ("company_id","stcc","name");--> statement-breakpoint
CREATE INDEX "product_company_unCode_name_idx" ON "product" USING btree ("company_id","unCode","name");--> statement-breakpoint
CREATE INDEX "product_company_packingGroup_name_idx" ON "product" USING btree ("company_id","packingGroup","name");--> statement-breakpoint
CREATE INDEX "product_company_enabled_name_idx" ON "product" USING btree ("company_id","enabled","name");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_company_ticket_date_code_idx" ON "terminalboss_v3_ticket" USING btree ("company_id","ticket_date","code");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_company_status_ticket_date_code_idx" ON "terminalboss_v3_ticket" USING btree ("company_id","status","ticket_date","code");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_company_ticket_type_ticket_date_code_idx" ON "terminalboss_v3_ticket" USING btree ("company_id","ticket_type","ticket_date","code");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_company_created_by_server_ticke_ba0ee757" ON "terminalboss_v3_ticket" USING btree ("company_id","created_by_server_id","ticket_date","code");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_company_product_ticket_date_code_idx" ON "terminalboss_v3_ticket" USING btree ("company_id","product_id","ticket_date","code");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_company_shipper_ticket_date_code_idx" ON "terminalboss_v3_ticket" USING btree ("company_id","shipper_id","ticket_date","code");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_company_carrier_ticket_date_code_idx" ON "terminalboss_v3_ticket" USING btree ("company_id","carrier_id","ticket_date","code");--> statement-breakpoint
CREATE INDEX "terminalboss_v3_ticket_company_net_volume_ticket_date_code_idx" ON "terminalboss_v3_ticket" USING btree ("company_id","net_volume","ticket_date","code");--> statement-breakpoint
CREATE INDEX "car_company_shell_capacity_mark_number_idx" ON "car" USING btree ("company_id","shell_capacity","mark","number");--> statement-breakpoint
CREATE INDEX "car_company_load_limit_mark_number_idx" ON "car" USING btree ("company_id","load_limit","mark","number");--> statement-breakpoint
CREATE INDEX "car_company_lessor_mark_number_idx" ON "car" USING btree ("company_id","lessor","mark","number");--> statement-breakpoint
CREATE INDEX "car_company_lease_end_mark_number_idx" ON "car" USING btree ("company_id","lease_end","mark","number");--> statement-breakpoint
CREATE INDEX "car_event_company_car_event_time_idx" ON "car_event" USING btree ("company_id","car_id","event_time");--> statement-breakpoint
CREATE INDEX "car_event_company_event_code_event_time_idx" ON "car_event" USING btree ("company_id","event_code","event_time");--> statement-breakpoint
CREATE INDEX "car_event_company_station_event_time_idx" ON "car_event" USING btree ("company_id","station","event_time");--> statement-breakpoint
CREATE INDEX "car_event_company_state_province_event_time_idx" ON "car_event" USING btree ("company_id","state_province","event_time");--> statement-breakpoint
CREATE INDEX "car_event_company_railroad_event_time_idx" ON "car_event" USING btree ("company_id","railroad","event_time");--> statement-breakpoint
CREATE INDEX "car_event_company_loaded_event_time_idx" ON "car_event" USING btree ("company_id","loaded","event_time");