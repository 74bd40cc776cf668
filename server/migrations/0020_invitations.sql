-- Invitations: an organisation's Administrator invites someone to register into the organisation
-- (POST /auth/register with the invitation's code instead of a new organisation's name). Only a
-- hash of the code is kept; the code itself is shown once, in the link the administrator shares.
-- accepted_at is set in the registering transaction, so a code opens one account only.
CREATE TABLE invitations (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organisations(id),
  team_id text REFERENCES teams(id) ON DELETE SET NULL,
  email text,
  code_hash text NOT NULL UNIQUE,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by text REFERENCES users(id) ON DELETE SET NULL
);--> statement-breakpoint
CREATE INDEX invitations_org_idx ON invitations (org_id, created_at DESC);
