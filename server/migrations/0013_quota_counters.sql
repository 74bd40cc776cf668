CREATE TABLE "quota_counters" (
	"subscription_id" text NOT NULL,
	"quota_id" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "quota_counters_subscription_id_quota_id_window_start_pk" PRIMARY KEY("subscription_id","quota_id","window_start")
);
--> statement-breakpoint
CREATE INDEX "quota_counters_window_end_idx" ON "quota_counters" USING btree ("window_end");
