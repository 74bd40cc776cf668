-- Webhooks for providers (issue 33): endpoints a provider Administrator registers (URL, event
-- types, a signing secret sealed with the secrets key), and one delivery row per event and
-- endpoint, kept 7 days with the endpoint's answer. A delivery is retried with exponential
-- back-off for 24 hours; an endpoint failing for 24 hours is disabled (failing_since tracks it).
CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY,
  url text NOT NULL,
  event_types text[] NOT NULL,
  secret_sealed text NOT NULL,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  state text NOT NULL DEFAULT 'enabled',
  failing_since timestamptz,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  endpoint_id text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id text NOT NULL,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  -- pending | delivered | failed
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  response_status integer,
  response_body text,
  error text,
  redelivery_of text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  delivered_at timestamptz
);--> statement-breakpoint
-- One delivery per event and endpoint (a redelivery is a row of its own).
CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (endpoint_id, event_id) WHERE redelivery_of IS NULL;--> statement-breakpoint
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);
