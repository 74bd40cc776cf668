CREATE INDEX "asset_resources_stage_idx" ON "asset_resources" USING btree ("stage_id","product_version_id");--> statement-breakpoint
CREATE INDEX "asset_resources_state_idx" ON "asset_resources" USING btree ("state","product_version_id");--> statement-breakpoint
CREATE INDEX "products_default_order_idx" ON "products" USING btree (lower("title"),"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_modified_order_idx" ON "products" USING btree ("last_version_created_at" DESC NULLS LAST,lower("title"),"id");