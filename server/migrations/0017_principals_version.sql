-- The principals' version: what every signed-in request reads of its caller (user, organisation,
-- teams and team roles, the session) is kept in memory per session by each instance
-- (server/src/auth/caller.ts) until this number moves on. It works as the catalogue's
-- (0014, 0016): bumped at commit, once per transaction, and notified, so a role change or a
-- sign-out applies to the very next request on every instance.
CREATE TABLE principals_version (
  id int PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);--> statement-breakpoint
INSERT INTO principals_version (id, version) VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION principals_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  IF current_setting('agora.principals_bumped', true) IS DISTINCT FROM '1' THEN
    UPDATE principals_version SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
    PERFORM set_config('agora.principals_bumped', '1', true);
    PERFORM pg_notify('principals_version', v::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'organisations', 'teams', 'team_members', 'sessions'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER principals_version_bump AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION principals_version_bump()', t);
    EXECUTE format('CREATE TRIGGER principals_version_truncate AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION principals_version_bump()', t);
  END LOOP;
END $$;
