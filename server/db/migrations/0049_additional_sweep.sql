CREATE INDEX "additional_value_record_idx" ON "additional_value" USING btree ("model","object_id");--> statement-breakpoint
-- A deleted record takes its additional field values with it (docs/audit.md, Additional fields),
-- whichever way it went: its own delete or a cascade from what it belonged to. The argument is the
-- resource's API name, as the values are kept under it.
CREATE FUNCTION additional_sweep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM additional_value WHERE model = TG_ARGV[0] AND object_id = OLD.id::text;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Each server process keeps its companies' additional field definitions (server/engine/additional.ts):
-- a change from any process or by plain SQL tells every process at commit, and they drop them.
CREATE FUNCTION additional_fields_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('additional_fields_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER additional_fields_changed AFTER INSERT OR UPDATE OR DELETE ON "additional_fields" FOR EACH STATEMENT EXECUTE FUNCTION additional_fields_changed();
