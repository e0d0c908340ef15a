CREATE TABLE "sign_in_failure_tally" (
	"email" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	CONSTRAINT "sign_in_failure_tally_email_hour_pk" PRIMARY KEY("email","hour")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "replied_by" text;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sign_in_failure_tally_hour_idx" ON "sign_in_failure_tally" USING btree ("hour");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_replied_by_user_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_message_status_created_at_idx" ON "contact_message" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_seq_unique" UNIQUE("seq");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_prev_hash_unique" UNIQUE("prev_hash");--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_status" CHECK ("contact_message"."status" in ('new', 'answered', 'archived'));--> statement-breakpoint
-- Backfill (decision 0034): the entries written before the chain existed are chained here, oldest
-- first, with the hash function of server/db/sql/ (copied so this migration runs on its own; the
-- file replaces it right after the migrations, with the same body). No trigger exists yet.
-- The hash that seals one audit entry (decision 0034): sha256, in hex, over the previous entry's
-- hash and the entry's fields, each written as "<bytes>:<text>\n" (NULL as "-\n"), so no two
-- entries serialise alike. Time is UTC to the microsecond, before/after are jsonb's own text
-- (keys in a fixed order). server/services/audit/audit-hash.ts computes the same in Node, and
-- `npm run audit -- verify` checks every entry with it, so a changed row shows whatever this
-- function says.
CREATE OR REPLACE FUNCTION audit_log_entry_hash(prev_hash text, seq bigint, id text, created_at timestamp with time zone, actor_id text, action text, target_type text, target_id text, request_id text, before jsonb, after jsonb) RETURNS text
LANGUAGE sql
AS $$
  SELECT encode(sha256(convert_to(string_agg(CASE WHEN f.v IS NULL THEN '-' ELSE octet_length(f.v)::text || ':' || f.v END || E'\n', '' ORDER BY f.n), 'UTF8')), 'hex')
  FROM unnest(ARRAY[
    prev_hash, seq::text, id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    actor_id, action, target_type, target_id, request_id, before::text, after::text
  ]) WITH ORDINALITY AS f(v, n)
$$;
--> statement-breakpoint
DO $$
DECLARE
  entry record;
  n bigint := 0;
  previous text := repeat('0', 64);
  sealed text;
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY created_at, id LOOP
    n := n + 1;
    sealed := audit_log_entry_hash(previous, n, entry.id, entry.created_at, entry.actor_id, entry.action, entry.target_type, entry.target_id, entry.request_id, entry.before, entry.after);
    UPDATE audit_log SET seq = n, prev_hash = previous, hash = sealed WHERE id = entry.id;
    previous := sealed;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;