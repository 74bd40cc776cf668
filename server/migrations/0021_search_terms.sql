-- Publishing's search over a description (0018) kept its words twice: as plain text (search_text)
-- and as the tsvector generated from it, plus a GIN index on asset_resources.search that nothing
-- reads (catalogue search reads search_entries; the resource lists filter one version's rows).
-- Now only the tsvector is kept: publishing writes the description's words into `search` (weight
-- D) and a row trigger adds the title (A) and summary (B), keeping the D words through title and
-- summary edits, so no plain copy of the text is stored and the unused index is gone.
ALTER TABLE asset_resources DROP COLUMN search;--> statement-breakpoint
ALTER TABLE asset_resources ADD COLUMN search tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
CREATE FUNCTION asset_resources_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A')
    || setweight(to_tsvector('english', coalesce(NEW.description, '')), 'B')
    || ts_filter(NEW.search, '{d}');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER asset_resources_search BEFORE INSERT OR UPDATE ON asset_resources
  FOR EACH ROW EXECUTE FUNCTION asset_resources_search();--> statement-breakpoint
-- The rows written before: their words from search_text (search_entries follow by their trigger).
UPDATE asset_resources SET search = setweight(to_tsvector('english', search_text), 'D');--> statement-breakpoint
ALTER TABLE asset_resources DROP COLUMN search_text;
