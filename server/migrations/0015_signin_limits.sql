-- Sign-in guessing limits (issue 12, finding 3) and refresh-token reuse detection (finding 7).
-- In the store, not in process memory, so every instance on one PostgreSQL counts the same guesses
-- and knows the same retired tokens. Hand-written; schema.ts declares the same tables.
CREATE TABLE "signin_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signin_attempts_last_idx" ON "signin_attempts" USING btree ("last_at");--> statement-breakpoint
CREATE TABLE "retired_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retired_refresh_tokens" ADD CONSTRAINT "retired_refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_refresh_tokens_retired_idx" ON "retired_refresh_tokens" USING btree ("retired_at");
