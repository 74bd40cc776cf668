CREATE TABLE "product_audience_counts" (
	"audience" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- product_audience_counts follows products: each statement adds what it inserted, takes away
-- what it deleted, and moves what changed audience.
CREATE FUNCTION product_audience_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM product_audience_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO product_audience_counts AS c (audience, n) SELECT audience, count(*) FROM new_rows GROUP BY audience
      ON CONFLICT (audience) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_audience_counts AS c (audience, n) SELECT audience, -count(*) FROM old_rows GROUP BY audience
      ON CONFLICT (audience) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO product_audience_counts AS c (audience, n)
      SELECT audience, sum(d) FROM (SELECT audience, 1 AS d FROM new_rows UNION ALL SELECT audience, -1 FROM old_rows) x
      GROUP BY audience HAVING sum(d) <> 0
      ON CONFLICT (audience) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_audience_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_audience_counted();--> statement-breakpoint
CREATE TRIGGER product_audience_counts_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_audience_counted();--> statement-breakpoint
CREATE TRIGGER product_audience_counts_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_audience_counted();--> statement-breakpoint
CREATE TRIGGER product_audience_counts_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION product_audience_counted();--> statement-breakpoint
INSERT INTO product_audience_counts (audience, n) SELECT audience, count(*) FROM products GROUP BY audience;
