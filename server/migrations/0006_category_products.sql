CREATE TABLE "category_products" (
	"category_id" text NOT NULL,
	"audience" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "category_products_category_id_audience_product_id_pk" PRIMARY KEY("category_id","audience","product_id")
);
--> statement-breakpoint
DROP INDEX "product_categories_cat_idx";--> statement-breakpoint
ALTER TABLE "category_products" ADD CONSTRAINT "category_products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_products" ADD CONSTRAINT "category_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_products_product_idx" ON "category_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_categories_cat_idx" ON "product_categories" USING btree ("category_id","product_id");--> statement-breakpoint
-- category_products follows its sources through the triggers below (schema.ts tells what it
-- holds); statement-level with transition tables, as for search_entries (0005). A product's rows
-- are rebuilt whenever its categories, or the place of one of them in the tree, change.
CREATE FUNCTION category_products_refresh(pids text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM category_products WHERE product_id = ANY(pids);
  -- Up from each of the product's categories to its root; the depth bound stops a cycle.
  INSERT INTO category_products (category_id, audience, product_id)
    WITH RECURSIVE up(product_id, category_id, depth) AS (
      SELECT pc.product_id, pc.category_id, 0 FROM product_categories pc WHERE pc.product_id = ANY(pids)
      UNION ALL SELECT up.product_id, c.parent_id, up.depth + 1 FROM up JOIN categories c ON c.id = up.category_id
        WHERE c.parent_id IS NOT NULL AND up.depth < 32)
    SELECT DISTINCT up.category_id, p.audience, up.product_id
    FROM up JOIN products p ON p.id = up.product_id JOIN categories c ON c.id = up.category_id;
$$;--> statement-breakpoint
-- Products filed under these categories or below them (parent_id still names a deleted parent).
CREATE FUNCTION category_products_below(ids text[]) RETURNS text[] LANGUAGE sql STABLE AS $$
  WITH RECURSIVE down(id, depth) AS (
    SELECT unnest(ids), 0
    UNION SELECT c.id, down.depth + 1 FROM categories c JOIN down ON c.parent_id = down.id WHERE down.depth < 32)
  SELECT coalesce(array_agg(DISTINCT pc.product_id), '{}') FROM product_categories pc JOIN down ON pc.category_id = down.id;
$$;--> statement-breakpoint
CREATE FUNCTION category_products_filed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM category_products_refresh(array(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM category_products_refresh(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  ELSE
    PERFORM category_products_refresh(array(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION category_products_tree_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM category_products_refresh(category_products_below(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.parent_id IS DISTINCT FROM o.parent_id)));
  ELSE
    -- The deleted categories' own rows go with them (foreign key); their descendants' products
    -- no longer reach the ancestors above.
    PERFORM category_products_refresh(category_products_below(array(SELECT id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION category_products_audience() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE category_products cp SET audience = n.audience
    FROM new_rows n WHERE cp.product_id = n.id AND cp.audience <> n.audience;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER category_products_insert AFTER INSERT ON product_categories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_products_filed();--> statement-breakpoint
CREATE TRIGGER category_products_update AFTER UPDATE ON product_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_products_filed();--> statement-breakpoint
CREATE TRIGGER category_products_delete AFTER DELETE ON product_categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_products_filed();--> statement-breakpoint
CREATE TRIGGER category_products_tree_update AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_products_tree_changed();--> statement-breakpoint
CREATE TRIGGER category_products_tree_delete AFTER DELETE ON categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_products_tree_changed();--> statement-breakpoint
CREATE TRIGGER category_products_audience AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_products_audience();--> statement-breakpoint
SELECT category_products_refresh(array(SELECT DISTINCT product_id FROM product_categories));
