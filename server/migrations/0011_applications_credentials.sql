CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "lookup_key" text;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "secret_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_run_at_idx" ON "jobs" USING btree ("run_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_lookup_idx" ON "credentials" USING btree ("lookup_key");--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "icon";