-- The insights' rollups (0019) keyed by organisation first. A consumer's chart or summary reads
-- one organisation's rows of a time range; with the bucket first, that range scan went through
-- every organisation's rows of the range (seq scans at a million transactions: the cost grew with
-- the number of tenants, not with the caller's traffic). The provider's view keeps its
-- (product_id, bucket) indexes. The upsert of record.ts names the key's columns, not their order.
ALTER TABLE transaction_rollups_hour DROP CONSTRAINT transaction_rollups_hour_pkey,
  ADD PRIMARY KEY (org_id, bucket, product_id, product_version_id, asset_resource_id, application_id, subscription_id, status_detail);--> statement-breakpoint
ALTER TABLE transaction_rollups_day DROP CONSTRAINT transaction_rollups_day_pkey,
  ADD PRIMARY KEY (org_id, bucket, product_id, product_version_id, asset_resource_id, application_id, subscription_id, status_detail);--> statement-breakpoint
-- Every batch of calls updates the current hour's and day's rows. Room left on each page lets
-- those updates stay on their page without new index entries (HOT), and the page's old versions
-- are reclaimed when it is next read: the embedded store has no autovacuum.
ALTER TABLE transaction_rollups_hour SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE transaction_rollups_day SET (fillfactor = 50);
