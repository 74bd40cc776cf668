-- asset_resources.specification holds the description's text gzip-compressed (server/src/db/
-- compressedText.ts says why: a large text bound as one parameter grows the embedded store's
-- memory for good). Rows already stored keep their plain UTF-8 bytes, which the reader tells
-- apart (no gzip header). EXTERNAL storage: PostgreSQL does not try to compress gzip again.
ALTER TABLE asset_resources ALTER COLUMN specification DROP DEFAULT;--> statement-breakpoint
ALTER TABLE asset_resources ALTER COLUMN specification TYPE bytea USING convert_to(specification, 'UTF8');--> statement-breakpoint
ALTER TABLE asset_resources ALTER COLUMN specification SET DEFAULT ''::bytea;--> statement-breakpoint
ALTER TABLE asset_resources ALTER COLUMN specification SET STORAGE EXTERNAL;
