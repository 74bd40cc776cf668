DROP INDEX "products_title_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_default_order_idx";--> statement-breakpoint
DROP INDEX "products_modified_order_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "audience" text GENERATED ALWAYS AS (case when state = 'deleted' then 'deleted' when state <> 'published' then 'hidden'
    when visibility = 'unrestricted' then 'public' when visibility = 'authenticated' then 'user' else 'restricted' end) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sort_title" text GENERATED ALWAYS AS (lower(title)) STORED;--> statement-breakpoint
CREATE INDEX "products_title_order_idx" ON "products" USING btree ("sort_title","id","audience");--> statement-breakpoint
CREATE INDEX "products_created_order_idx" ON "products" USING btree ("created_at","id","audience");--> statement-breakpoint
CREATE INDEX "products_audience_idx" ON "products" USING btree ("audience","id","status","rating_total","rating_average","sort_title");--> statement-breakpoint
CREATE INDEX "products_default_order_idx" ON "products" USING btree ("sort_title","created_at" DESC NULLS FIRST,"id","audience");--> statement-breakpoint
CREATE INDEX "products_modified_order_idx" ON "products" USING btree ("last_version_created_at" DESC NULLS LAST,"sort_title","id","audience");