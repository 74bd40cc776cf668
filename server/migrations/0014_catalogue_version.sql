-- The catalogue's version: one number every write to what catalogue answers are made of moves
-- on, so an instance's cache of answers (server/src/catalogue/cache.ts) knows at once when they
-- may have changed, whichever instance or process wrote. It is bumped at commit (a deferred
-- constraint trigger: the version row is locked last and briefly, so two writers never wait on
-- each other through it in a cycle) and once per transaction (a transaction-local flag), and
-- readers see the new number only with the data that made it: a reader that reads the version
-- first, then the catalogue, never files an old answer under a new version.
-- Hand-written (no schema.ts table): nothing reads it through the query builder.
CREATE TABLE catalogue_version (
  id int PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);--> statement-breakpoint
INSERT INTO catalogue_version (id, version) VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('agora.catalogue_bumped', true) IS DISTINCT FROM '1' THEN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
    PERFORM set_config('agora.catalogue_bumped', '1', true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every table a cached answer reads (server/src/catalogue, the catalogue routes, site_config for
-- the gate and the marketplace root). The tables derived from these by triggers (search_entries,
-- category_products, restricted_products, product_audience_counts) change with them.
-- tests/server/catalogue.cache.test.ts checks that every table the catalogue's SQL names is here.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['site_config', 'teams', 'categories', 'stages', 'products', 'product_categories',
    'product_versions', 'assets', 'access_request_definitions', 'credential_request_definitions', 'asset_resources',
    'spec_operations', 'documents', 'document_sections', 'articles', 'units', 'subscription_request_definitions',
    'plans', 'quotas', 'subscriptions', 'applications', 'access_requests', 'reviews'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER catalogue_version_bump AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_version_bump()', t);
    EXECUTE format('CREATE TRIGGER catalogue_version_truncate AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump()', t);
  END LOOP;
END $$;
