-- Outbound e-mail (issue 33). A message is a row first, written in the transaction of the event that
-- causes it, under a unique idempotency key (the event's, e.g. 'verify:<userId>:<tokenId>'), so one
-- event makes one message however often it is reported; a job of the one job runner then renders it
-- in the recipient's locale and sends it over SMTP, or, without SMTP_URL, leaves it in the outbox.
-- Users get the locale their messages are written in, and when their address was verified: every
-- account that exists before this migration (and every account made without self-service
-- registration) counts as verified, so only new registrations wait for the link.
CREATE TABLE mail_messages (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  user_id text REFERENCES users(id) ON DELETE SET NULL,
  to_address text NOT NULL,
  locale text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  -- queued | sent (over SMTP) | outbox (kept here, no SMTP_URL) | failed (gave up)
  state text NOT NULL DEFAULT 'queued',
  subject text,
  text_body text,
  html_body text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);--> statement-breakpoint
CREATE INDEX mail_messages_created_idx ON mail_messages (created_at DESC);--> statement-breakpoint
ALTER TABLE users ADD COLUMN locale text;--> statement-breakpoint
ALTER TABLE users ADD COLUMN email_verified_at timestamptz DEFAULT now();
--> statement-breakpoint
-- Single-use tokens of account e-mails (verify an address, reset a password): only a hash is
-- kept; used_at is set by the one update that accepts the token, so it opens once.
CREATE TABLE account_tokens (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);--> statement-breakpoint
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);
