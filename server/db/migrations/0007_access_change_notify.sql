-- Each server process caches what a user may do (server/auth/access.ts). Whatever changes a user,
-- their groups, permissions or companies, from any process or by plain SQL, tells every process
-- at commit, and they drop the cache (one notification per statement, not per row).
CREATE FUNCTION access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER access_changed AFTER INSERT OR UPDATE OR DELETE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER access_changed AFTER INSERT OR UPDATE OR DELETE ON "groups" FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER access_changed AFTER INSERT OR UPDATE OR DELETE ON "permission" FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER access_changed AFTER INSERT OR UPDATE OR DELETE ON "company" FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER access_changed AFTER INSERT OR UPDATE OR DELETE ON "groups__permissions" FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER access_changed AFTER INSERT OR UPDATE OR DELETE ON "user__groups" FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER access_changed AFTER INSERT OR UPDATE OR DELETE ON "user__user_permissions" FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER access_changed AFTER INSERT OR UPDATE OR DELETE ON "user__companies" FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
