ALTER TABLE "payout" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "payout" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_four_eyes" CHECK ("payout"."status" <> 'paid' or "payout"."approved_by" is null or "payout"."approved_by" <> "payout"."decided_by");