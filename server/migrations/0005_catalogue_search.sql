CREATE TABLE "search_entries" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"product_id" text NOT NULL,
	"version_id" text,
	"document_id" text,
	"section_id" text,
	"title" text NOT NULL,
	"search" "tsvector" NOT NULL,
	"audience" text NOT NULL,
	"latest" boolean NOT NULL,
	CONSTRAINT "search_entries_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
DROP INDEX "product_versions_product_idx";--> statement-breakpoint
DROP INDEX "products_audience_idx";--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_version_id_product_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."product_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_entries_search_idx" ON "search_entries" USING gin ("search");--> statement-breakpoint
CREATE INDEX "search_entries_product_idx" ON "search_entries" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "search_entries_version_idx" ON "search_entries" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "product_versions_product_idx" ON "product_versions" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_audience_idx" ON "products" USING btree ("audience","id","status","rating_total","rating_average","sort_title","created_at","last_version_created_at");--> statement-breakpoint
-- search_entries follows its sources through the triggers below (schema.ts tells what it holds).
-- They are statement-level with transition tables, so a bulk load costs one statement per
-- source statement, not one per row. A source row's entry is rebuilt (deleted and inserted)
-- whenever what the entry copies changes.
--
-- A version's facts for search: its product, who may see the product, and whether it is the
-- product's latest version: the one created at products.last_version_created_at (kept by
-- publishing), or the newest when that is unknown.
CREATE VIEW "search_versions" AS
  SELECT v.id AS version_id, v.product_id, p.audience,
    (v.created_at = coalesce(p.last_version_created_at,
      (SELECT max(x.created_at) FROM product_versions x WHERE x.product_id = v.product_id))) IS TRUE AS latest
  FROM product_versions v JOIN products p ON p.id = v.product_id;--> statement-breakpoint
CREATE FUNCTION search_put_resources(ids text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_entries WHERE kind = 'asset_resource' AND id = ANY(ids);
  INSERT INTO search_entries (kind, id, product_id, version_id, title, search, audience, latest)
    SELECT 'asset_resource', r.id, f.product_id, f.version_id, r.title, r.search, f.audience, f.latest
    FROM asset_resources r JOIN search_versions f ON f.version_id = r.product_version_id WHERE r.id = ANY(ids);
$$;--> statement-breakpoint
CREATE FUNCTION search_put_documents(ids text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_entries WHERE kind = 'document' AND id = ANY(ids);
  INSERT INTO search_entries (kind, id, product_id, version_id, document_id, title, search, audience, latest)
    SELECT 'document', d.id, f.product_id, f.version_id, d.id, d.title, d.search, f.audience, f.latest
    FROM documents d JOIN search_versions f ON f.version_id = d.product_version_id WHERE d.id = ANY(ids);
$$;--> statement-breakpoint
CREATE FUNCTION search_put_sections(ids text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_entries WHERE kind = 'section' AND id = ANY(ids);
  INSERT INTO search_entries (kind, id, product_id, version_id, document_id, section_id, title, search, audience, latest)
    SELECT 'section', s.id, f.product_id, f.version_id, d.id, s.id, s.title, s.search, f.audience, f.latest
    FROM document_sections s JOIN documents d ON d.id = s.document_id
    JOIN search_versions f ON f.version_id = d.product_version_id WHERE s.id = ANY(ids);
$$;--> statement-breakpoint
CREATE FUNCTION search_put_articles(ids text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_entries WHERE kind = 'article' AND id = ANY(ids);
  INSERT INTO search_entries (kind, id, product_id, version_id, document_id, section_id, title, search, audience, latest)
    SELECT 'article', a.id, f.product_id, f.version_id, d.id, s.id, a.label, a.search, f.audience, f.latest
    FROM articles a JOIN document_sections s ON s.id = a.section_id JOIN documents d ON d.id = s.document_id
    JOIN search_versions f ON f.version_id = d.product_version_id WHERE a.id = ANY(ids);
$$;--> statement-breakpoint
-- Which entries are of a latest version, for the versions of these products.
CREATE FUNCTION search_refresh_latest(pids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE search_entries e SET latest = f.latest
  FROM search_versions f
  WHERE f.product_id = ANY(pids) AND e.product_id = ANY(pids) AND e.version_id = f.version_id AND e.latest <> f.latest;
$$;--> statement-breakpoint
CREATE FUNCTION search_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_entries (kind, id, product_id, title, search, audience, latest)
      SELECT 'product', n.id, n.id, n.title, n.search, n.audience, true FROM new_rows n;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE search_entries e SET title = n.title, search = n.search, audience = n.audience
      FROM new_rows n WHERE e.kind = 'product' AND e.id = n.id
        AND (e.title, e.search, e.audience) IS DISTINCT FROM (n.title, n.search, n.audience);
    UPDATE search_entries e SET audience = n.audience
      FROM new_rows n WHERE e.product_id = n.id AND e.kind <> 'product' AND e.audience <> n.audience;
    PERFORM search_refresh_latest(array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.last_version_created_at IS DISTINCT FROM o.last_version_created_at));
  END IF;
  -- Deleted products take their entries with them (foreign key, on delete cascade).
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_versions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE search_entries e SET product_id = n.product_id, audience = p.audience
      FROM new_rows n JOIN products p ON p.id = n.product_id WHERE e.version_id = n.id AND e.product_id <> n.product_id;
  END IF;
  -- A deleted version takes its entries with it (foreign key); the others may become the latest.
  IF TG_OP = 'INSERT' THEN
    PERFORM search_refresh_latest(array(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM search_refresh_latest(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  ELSE
    PERFORM search_refresh_latest(array(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_resources_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_put_resources(array(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM search_entries WHERE kind = 'asset_resource' AND id IN (SELECT id FROM old_rows EXCEPT SELECT id FROM new_rows);
    PERFORM search_put_resources(array(SELECT n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
      WHERE (n.title, n.search, n.product_version_id) IS DISTINCT FROM (o.title, o.search, o.product_version_id)));
  ELSE
    DELETE FROM search_entries WHERE kind = 'asset_resource' AND id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_documents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_put_documents(array(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM search_entries WHERE kind = 'document' AND id IN (SELECT id FROM old_rows EXCEPT SELECT id FROM new_rows);
    PERFORM search_put_documents(array(SELECT n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
      WHERE (n.title, n.search, n.product_version_id) IS DISTINCT FROM (o.title, o.search, o.product_version_id)));
    -- A document moved to another version moves its sections and articles.
    PERFORM search_put_sections(array(SELECT s.id FROM document_sections s JOIN new_rows n ON n.id = s.document_id
      JOIN old_rows o ON o.id = n.id WHERE n.product_version_id IS DISTINCT FROM o.product_version_id));
    PERFORM search_put_articles(array(SELECT a.id FROM articles a JOIN document_sections s ON s.id = a.section_id
      JOIN new_rows n ON n.id = s.document_id JOIN old_rows o ON o.id = n.id WHERE n.product_version_id IS DISTINCT FROM o.product_version_id));
  ELSE
    -- Their sections and articles go too (foreign keys), each through its own trigger.
    DELETE FROM search_entries WHERE kind = 'document' AND id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_sections_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_put_sections(array(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM search_entries WHERE kind = 'section' AND id IN (SELECT id FROM old_rows EXCEPT SELECT id FROM new_rows);
    PERFORM search_put_sections(array(SELECT n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
      WHERE (n.title, n.search, n.document_id) IS DISTINCT FROM (o.title, o.search, o.document_id)));
    PERFORM search_put_articles(array(SELECT a.id FROM articles a JOIN new_rows n ON n.id = a.section_id
      JOIN old_rows o ON o.id = n.id WHERE n.document_id IS DISTINCT FROM o.document_id));
  ELSE
    DELETE FROM search_entries WHERE kind = 'section' AND id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_articles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_put_articles(array(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM search_entries WHERE kind = 'article' AND id IN (SELECT id FROM old_rows EXCEPT SELECT id FROM new_rows);
    PERFORM search_put_articles(array(SELECT n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
      WHERE (n.label, n.search, n.section_id) IS DISTINCT FROM (o.label, o.search, o.section_id)));
  ELSE
    DELETE FROM search_entries WHERE kind = 'article' AND id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_products_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();--> statement-breakpoint
CREATE TRIGGER search_products_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();--> statement-breakpoint
CREATE TRIGGER search_versions_insert AFTER INSERT ON product_versions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_versions_changed();--> statement-breakpoint
CREATE TRIGGER search_versions_update AFTER UPDATE ON product_versions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_versions_changed();--> statement-breakpoint
CREATE TRIGGER search_versions_delete AFTER DELETE ON product_versions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_versions_changed();--> statement-breakpoint
CREATE TRIGGER search_resources_insert AFTER INSERT ON asset_resources REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_resources_changed();--> statement-breakpoint
CREATE TRIGGER search_resources_update AFTER UPDATE ON asset_resources REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_resources_changed();--> statement-breakpoint
CREATE TRIGGER search_resources_delete AFTER DELETE ON asset_resources REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_resources_changed();--> statement-breakpoint
CREATE TRIGGER search_documents_insert AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();--> statement-breakpoint
CREATE TRIGGER search_documents_update AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();--> statement-breakpoint
CREATE TRIGGER search_documents_delete AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();--> statement-breakpoint
CREATE TRIGGER search_sections_insert AFTER INSERT ON document_sections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_sections_changed();--> statement-breakpoint
CREATE TRIGGER search_sections_update AFTER UPDATE ON document_sections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_sections_changed();--> statement-breakpoint
CREATE TRIGGER search_sections_delete AFTER DELETE ON document_sections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_sections_changed();--> statement-breakpoint
CREATE TRIGGER search_articles_insert AFTER INSERT ON articles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_articles_changed();--> statement-breakpoint
CREATE TRIGGER search_articles_update AFTER UPDATE ON articles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_articles_changed();--> statement-breakpoint
CREATE TRIGGER search_articles_delete AFTER DELETE ON articles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_articles_changed();--> statement-breakpoint
-- Entries for what is already stored.
INSERT INTO search_entries (kind, id, product_id, title, search, audience, latest)
  SELECT 'product', id, id, title, search, audience, true FROM products;--> statement-breakpoint
SELECT search_put_resources(array(SELECT id FROM asset_resources));--> statement-breakpoint
SELECT search_put_documents(array(SELECT id FROM documents));--> statement-breakpoint
SELECT search_put_sections(array(SELECT id FROM document_sections));--> statement-breakpoint
SELECT search_put_articles(array(SELECT id FROM articles));
