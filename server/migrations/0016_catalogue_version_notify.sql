-- The catalogue version's bump also says so (NOTIFY catalogue_version, the new number): the
-- embedded store's one owner listens and learns of each write as it commits, before the writer
-- goes on, so its cache needs no read per request (server/src/catalogue/cache.ts). Instances on
-- PostgreSQL read the version instead (a notification arrives on another connection, later).
CREATE OR REPLACE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  IF current_setting('agora.catalogue_bumped', true) IS DISTINCT FROM '1' THEN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
    PERFORM set_config('agora.catalogue_bumped', '1', true);
    PERFORM pg_notify('catalogue_version', v::text);
  END IF;
  RETURN NULL;
END $$;
