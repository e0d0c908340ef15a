-- Decision 0063. Each periodic check of the audit chain: where the chain was whole (the next check
-- walks on from there) and how far the sweep through the older entries has got.
CREATE TABLE "audit_check" (
	"id" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"head_seq" bigint NOT NULL,
	"head_hash" text NOT NULL,
	"swept_to" bigint NOT NULL,
	"entries" integer NOT NULL,
	"broken_seq" bigint,
	"broken_reason" text
);
--> statement-breakpoint
CREATE INDEX "audit_check_checked_at_idx" ON "audit_check" USING btree ("checked_at");