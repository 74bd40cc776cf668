CREATE TABLE "restricted_products" (
	"id" text PRIMARY KEY NOT NULL,
	"visibility" text NOT NULL,
	"team_ids" text[] NOT NULL,
	"team_tags" text[] NOT NULL,
	"owner_team_id" text
);
--> statement-breakpoint
ALTER TABLE "restricted_products" ADD CONSTRAINT "restricted_products_id_products_id_fk" FOREIGN KEY ("id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- restricted_products follows products (schema.ts tells what it holds): a changed product's row
-- is rebuilt when it is restricted or was. Deleted products take theirs along (foreign key).
CREATE FUNCTION restricted_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM restricted_products WHERE id IN (SELECT id FROM old_rows WHERE audience = 'restricted');
  END IF;
  INSERT INTO restricted_products (id, visibility, team_ids, team_tags, owner_team_id)
    SELECT id, visibility, visibility_team_ids, visibility_team_tags, owner_team_id FROM new_rows WHERE audience = 'restricted';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER restricted_products_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION restricted_products_changed();--> statement-breakpoint
CREATE TRIGGER restricted_products_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION restricted_products_changed();--> statement-breakpoint
INSERT INTO restricted_products (id, visibility, team_ids, team_tags, owner_team_id)
  SELECT id, visibility, visibility_team_ids, visibility_team_tags, owner_team_id FROM products WHERE audience = 'restricted';
