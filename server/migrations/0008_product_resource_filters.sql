DROP INDEX "products_audience_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "resource_stages" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "resource_states" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_audience_idx" ON "products" USING btree ("audience","id","status","rating_total","rating_average","sort_title","created_at","last_version_created_at","resource_stages","resource_states");--> statement-breakpoint
-- products.resource_stages and resource_states follow the resources of the product's versions.
CREATE FUNCTION product_resources_refresh(pids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET resource_stages = x.stages, resource_states = x.states
  FROM (SELECT pid,
      coalesce(array_agg(DISTINCT ar.stage_id ORDER BY ar.stage_id) FILTER (WHERE ar.stage_id IS NOT NULL), '{}') AS stages,
      coalesce(array_agg(DISTINCT ar.state ORDER BY ar.state) FILTER (WHERE ar.state IS NOT NULL), '{}') AS states
    FROM unnest(pids) AS pid
    LEFT JOIN product_versions v ON v.product_id = pid
    LEFT JOIN asset_resources ar ON ar.product_version_id = v.id
    GROUP BY pid) x
  WHERE p.id = x.pid AND (p.resource_stages, p.resource_states) IS DISTINCT FROM (x.stages, x.states);
$$;--> statement-breakpoint
CREATE FUNCTION product_resources_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_resources_refresh(array(SELECT DISTINCT v.product_id FROM new_rows n JOIN product_versions v ON v.id = n.product_version_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM product_resources_refresh(array(SELECT v.product_id FROM new_rows n JOIN product_versions v ON v.id = n.product_version_id
      UNION SELECT v.product_id FROM old_rows o JOIN product_versions v ON v.id = o.product_version_id));
  ELSE
    PERFORM product_resources_refresh(array(SELECT DISTINCT v.product_id FROM old_rows o JOIN product_versions v ON v.id = o.product_version_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A version moved to another product, or deleted, moves its resources' stages and states.
CREATE FUNCTION product_resources_versions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM product_resources_refresh(array(SELECT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.product_id <> o.product_id
      UNION SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.product_id <> o.product_id));
  ELSE
    PERFORM product_resources_refresh(array(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_resources_insert AFTER INSERT ON asset_resources REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_resources_changed();--> statement-breakpoint
CREATE TRIGGER product_resources_update AFTER UPDATE ON asset_resources REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_resources_changed();--> statement-breakpoint
CREATE TRIGGER product_resources_delete AFTER DELETE ON asset_resources REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_resources_changed();--> statement-breakpoint
CREATE TRIGGER product_resources_versions_update AFTER UPDATE ON product_versions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_resources_versions_changed();--> statement-breakpoint
CREATE TRIGGER product_resources_versions_delete AFTER DELETE ON product_versions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_resources_versions_changed();--> statement-breakpoint
SELECT product_resources_refresh(array(SELECT id FROM products));
