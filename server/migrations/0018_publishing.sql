-- Publishing real descriptions (issue 13).
-- The import warnings of a resource (derived title, duplicate GraphQL fields…), shown to the
-- provider and in the explorer; and the text search reads beyond the title and summary: every
-- operation's method, path, summary, description, tags and id, and the description's whole text
-- (filled at publish, server/src/publish/searchText.ts), at the lowest weight so a title still leads.
ALTER TABLE asset_resources ADD COLUMN import_warnings jsonb NOT NULL DEFAULT '[]'::jsonb;--> statement-breakpoint
ALTER TABLE asset_resources ADD COLUMN search_text text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE asset_resources DROP COLUMN search;--> statement-breakpoint
ALTER TABLE asset_resources ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(title,'')), 'A') || setweight(to_tsvector('english', coalesce(description,'')), 'B')
  || setweight(to_tsvector('english', search_text), 'D')) STORED;--> statement-breakpoint
CREATE INDEX asset_resources_search_idx ON asset_resources USING gin (search);--> statement-breakpoint
SELECT search_put_resources(array(SELECT id FROM asset_resources));--> statement-breakpoint
-- Imports through the running server (POST /products/import): the job's state, polled by the
-- provider. The description waits gzip-compressed and is dropped once the job is done.
CREATE TABLE imports (
  id text PRIMARY KEY,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  -- queued | running | published | refused | failed
  state text NOT NULL DEFAULT 'queued',
  progress integer NOT NULL DEFAULT 0,
  file_name text NOT NULL DEFAULT '',
  source_url text,
  content bytea,
  options jsonb NOT NULL DEFAULT '{}'::jsonb,
  result jsonb,
  warnings jsonb NOT NULL DEFAULT '[]'::jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
