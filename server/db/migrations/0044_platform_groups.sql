DROP INDEX "groups_name_uniq";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groups_name_idx" ON "groups" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_company_name_uniq" ON "groups" USING btree ("company_id","name");--> statement-breakpoint
-- Platform groups' names are unique among themselves, whatever the case (the key above covers a company's own).
CREATE UNIQUE INDEX "groups_platform_name_uniq" ON "groups" (lower("name")) WHERE "company_id" IS NULL;--> statement-breakpoint
-- A group only one company's accounts hold was that company's administrator's to change before
-- groups had companies: it becomes that company's role. The role groups stay the platform's.
UPDATE "groups" g SET "company_id" = held."company_id"
FROM (
  SELECT ug."target_id" AS group_id, min(u."company_id") AS company_id
  FROM "user__groups" ug JOIN "user" u ON u."id" = ug."owner_id"
  GROUP BY ug."target_id"
  HAVING count(DISTINCT u."company_id") = 1 AND bool_and(u."company_id" IS NOT NULL)
    AND bool_and(NOT EXISTS (SELECT 1 FROM "user__companies" uc WHERE uc."owner_id" = u."id" AND uc."target_id" <> u."company_id"))
) held
WHERE g."id" = held.group_id AND g."name" NOT IN ('Site Administration', 'Carrier/Dispatch', 'Driver', 'Operator');
