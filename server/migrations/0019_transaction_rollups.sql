-- Rollups of the gateway's transactions for the insights (server/src/analytics/): calls counted by
-- hour and by day (UTC) per organisation, product, version, resource, application, subscription
-- and outcome, with the durations' sum, min and max. They are written by the same statement that
-- inserts the transaction rows (gateway/record.ts), so a chart or a summary reads these rows
-- instead of scanning raw transactions, and the raw rows can be pruned (TRANSACTIONS_RETENTION_DAYS)
-- while the rollups are kept 13 months. Absent ids are '' (not null) so the key is one unique index
-- on both PGlite and PostgreSQL. Calls are the only unit the gateway measures ('transactions').
CREATE TABLE transaction_rollups_hour (
  bucket timestamptz NOT NULL,
  org_id text NOT NULL DEFAULT '',
  product_id text NOT NULL DEFAULT '',
  product_version_id text NOT NULL DEFAULT '',
  asset_resource_id text NOT NULL DEFAULT '',
  application_id text NOT NULL DEFAULT '',
  subscription_id text NOT NULL DEFAULT '',
  status_detail text NOT NULL,
  count bigint NOT NULL,
  duration_sum bigint NOT NULL,
  duration_min integer NOT NULL,
  duration_max integer NOT NULL,
  PRIMARY KEY (bucket, org_id, product_id, product_version_id, asset_resource_id, application_id, subscription_id, status_detail)
);--> statement-breakpoint
CREATE TABLE transaction_rollups_day (LIKE transaction_rollups_hour INCLUDING ALL);--> statement-breakpoint
-- The provider's view reads by product over time.
CREATE INDEX transaction_rollups_hour_product_idx ON transaction_rollups_hour (product_id, bucket);--> statement-breakpoint
CREATE INDEX transaction_rollups_day_product_idx ON transaction_rollups_day (product_id, bucket);--> statement-breakpoint
-- The rows written before the rollups existed.
INSERT INTO transaction_rollups_hour
SELECT date_trunc('hour', at, 'UTC'), coalesce(org_id, ''), coalesce(product_id, ''), coalesce(product_version_id, ''),
  coalesce(asset_resource_id, ''), coalesce(application_id, ''), coalesce(subscription_id, ''), status_detail,
  count(*), sum(duration_ms), min(duration_ms), max(duration_ms)
FROM transactions GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
INSERT INTO transaction_rollups_day
SELECT date_trunc('day', bucket, 'UTC'), org_id, product_id, product_version_id, asset_resource_id, application_id, subscription_id,
  status_detail, sum(count), sum(duration_sum), min(duration_min), max(duration_max)
FROM transaction_rollups_hour GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
-- The raw rows' list and the retention prune read by time.
CREATE INDEX IF NOT EXISTS transactions_at_idx ON transactions (at);
