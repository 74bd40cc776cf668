ALTER TABLE "subscriptions" ADD COLUMN "history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Subscriptions made before this migration get the history their columns tell (spec 3 §4):
-- requested first, then the decision with its reason, then archived or migrated.
UPDATE "subscriptions" SET "history" = (
	jsonb_build_array(jsonb_build_object('type', 'requested', 'at', "created_at", 'userId', "created_by", 'reason', null))
	|| CASE WHEN "approval_state" IN ('approved', 'rejected') THEN jsonb_build_array(jsonb_build_object('type', "approval_state",
		'at', coalesce("approved_at", "created_at"), 'userId', null, 'reason', "approval_reason")) ELSE '[]'::jsonb END
	|| CASE WHEN "archived_at" IS NOT NULL THEN jsonb_build_array(jsonb_build_object('type', 'archived', 'at', "archived_at",
		'userId', null, 'reason', "archival_reason")) ELSE '[]'::jsonb END
	|| CASE WHEN "migrated_at" IS NOT NULL THEN jsonb_build_array(jsonb_build_object('type', 'migrated', 'at', "migrated_at",
		'userId', null, 'reason', null)) ELSE '[]'::jsonb END
) WHERE "history" = '[]'::jsonb;
