ALTER TABLE "deposit" ADD COLUMN "credited_rate_cents_per_btc" bigint;--> statement-breakpoint
ALTER TABLE "deposit" ADD COLUMN "refund_tx_id" text;--> statement-breakpoint
ALTER TABLE "deposit" ADD COLUMN "reorged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout" ADD COLUMN "rate_cents_per_btc" bigint;--> statement-breakpoint
ALTER TABLE "payout" ADD COLUMN "amount_sats" bigint;--> statement-breakpoint
ALTER TABLE "payout" ADD COLUMN "rate_fixed_by" text;--> statement-breakpoint
ALTER TABLE "payout" ADD COLUMN "rate_fixed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_rate_fixed_by_user_id_fk" FOREIGN KEY ("rate_fixed_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_settled_invoice_idx" ON "deposit" USING btree ("decided_at") WHERE "deposit"."rate_cents_per_btc" is not null and "deposit"."status" = 'settled' and "deposit"."reorged_at" is null;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_rate_whole" CHECK (("payout"."rate_cents_per_btc" is null and "payout"."amount_sats" is null and "payout"."rate_fixed_at" is null)
        or ("payout"."rate_cents_per_btc" > 0 and "payout"."amount_sats" > 0 and "payout"."rate_fixed_at" is not null));