ALTER TABLE "deposit" DROP CONSTRAINT "deposit_status";--> statement-breakpoint
ALTER TABLE "deposit" ADD COLUMN "rate_cents_per_btc" bigint;--> statement-breakpoint
ALTER TABLE "deposit" ADD COLUMN "amount_sats" bigint;--> statement-breakpoint
ALTER TABLE "deposit" ADD COLUMN "required_confirmations" integer;--> statement-breakpoint
ALTER TABLE "deposit" ADD COLUMN "exception" text;--> statement-breakpoint
ALTER TABLE "deposit" ADD COLUMN "payments" jsonb;--> statement-breakpoint
ALTER TABLE "deposit" ADD COLUMN "watched_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deposit_open_invoice_idx" ON "deposit" USING btree ("expires_at") WHERE "deposit"."rate_cents_per_btc" is not null and "deposit"."status" in ('new', 'processing', 'expired');--> statement-breakpoint
ALTER TABLE "deposit" ADD CONSTRAINT "deposit_exception" CHECK ("deposit"."exception" is null or "deposit"."exception" in ('paid_partial', 'paid_over', 'paid_late'));--> statement-breakpoint
ALTER TABLE "deposit" ADD CONSTRAINT "deposit_invoice_whole" CHECK (("deposit"."rate_cents_per_btc" is null and "deposit"."amount_sats" is null and "deposit"."required_confirmations" is null and "deposit"."payments" is null)
        or ("deposit"."rate_cents_per_btc" > 0 and "deposit"."amount_sats" > 0 and "deposit"."required_confirmations" >= 0 and "deposit"."payments" is not null));--> statement-breakpoint
ALTER TABLE "deposit" ADD CONSTRAINT "deposit_status" CHECK ("deposit"."status" in ('pending', 'confirmed', 'rejected', 'expired', 'new', 'processing', 'settled', 'invalid'));