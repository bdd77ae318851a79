-- Every server process keeps the tokens it has seen so a request needs no token lookup
-- (server/auth/token-cache.ts). Whatever deletes or changes a token (sign-out, password reset, a
-- user removed, a hand-written DELETE) tells every process at commit, and they forget it.
CREATE FUNCTION auth_token_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_token_revoked', OLD.key_hash);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auth_token_revoked AFTER DELETE OR UPDATE OF key_hash, user_id ON auth_token
  FOR EACH ROW EXECUTE FUNCTION auth_token_revoked();
