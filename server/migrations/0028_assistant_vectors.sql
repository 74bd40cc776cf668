-- The assistant's sentence vectors (issue 29): one per searchable entry (product, resource,
-- document, section, article), stored operation and plan, written by the job runner
-- (server/src/assistant/vectors.ts) when the row's text changed, never on the request path.
-- text_hash is the md5 of the text that was embedded: a row whose text hashes differently is
-- embedded again. real[] (no pgvector assumed): the ranking is a cosine in the server's memory.
CREATE TABLE assistant_vectors (
  kind text NOT NULL,
  id text NOT NULL,
  text_hash text NOT NULL,
  vector real[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, id)
);
