-- Notification choices (issue 33): one row per user and kind the user changed; no row is the
-- default (e-mail on). The kinds are NOTIFICATION_KINDS (src/rules/constants.ts).
CREATE TABLE notification_settings (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  email boolean NOT NULL,
  PRIMARY KEY (user_id, kind)
);
