-- Decision 0048. Four eyes as rows (approval), a payout's need for a second admin decided when it
-- is requested (needs_approval; null on older payouts, which fall back to their amount), and the
-- second factor each session's sign-in passed. Sessions made before carry none: the back office
-- takes none of them, so every admin signs in again with the code.
CREATE TABLE "approval" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"subject_user_id" text,
	"payload" jsonb NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "approval_kind" CHECK ("approval"."kind" in ('deposit_confirm', 'role_grant', 'plan_change')),
	CONSTRAINT "approval_status" CHECK ("approval"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "approval_four_eyes" CHECK ("approval"."decided_by" is null or "approval"."decided_by" <> "approval"."requested_by")
);
--> statement-breakpoint
ALTER TABLE "payout" ADD COLUMN "needs_approval" boolean;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "second_factor" text;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval" ADD CONSTRAINT "approval_subject_user_id_user_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval" ADD CONSTRAINT "approval_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval" ADD CONSTRAINT "approval_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_pending_target_idx" ON "approval" USING btree ("kind","target_id") WHERE "approval"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_status_requested_at_idx" ON "approval" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_second_factor" CHECK ("session"."second_factor" is null or "session"."second_factor" in ('totp', 'backup_code', 'trusted_device'));