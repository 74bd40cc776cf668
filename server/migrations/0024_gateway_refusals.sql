-- Gateway refusals are recorded as transactions (issue 28): why the call was refused (null for a
-- call let through; src/rules/analytics.ts REFUSAL_REASONS). A rotated credential keeps its
-- previous lookup key, so a call with the old key is told "rotated" and attributed to the
-- credential instead of being an unknown key.
ALTER TABLE transactions ADD COLUMN refusal text;--> statement-breakpoint
ALTER TABLE credentials ADD COLUMN previous_lookup_key text;--> statement-breakpoint
CREATE INDEX credentials_previous_lookup_idx ON credentials (previous_lookup_key);
