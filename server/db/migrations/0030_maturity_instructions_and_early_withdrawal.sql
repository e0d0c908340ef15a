-- Issue 37: what happens at maturity (pay out, roll over the principal, roll over both), early
-- withdrawal terms per plan (copied onto each investment when it starts), and the platform's fees
-- account that early-withdrawal fees are posted to. The account check is replaced here too, since
-- the ledger's SQL files (which carry today's body) are applied only after the migrations, and on a
-- new database ledger_account_id() does not exist yet at this point: the ids are spelled out here.
-- settle_due_investments answers more columns now; its new body (server/db/sql) is applied after this.
DROP FUNCTION IF EXISTS settle_due_investments(timestamptz, integer, text, timestamptz, text, integer, integer);--> statement-breakpoint
ALTER TABLE "investment" DROP CONSTRAINT "investment_status";--> statement-breakpoint
ALTER TABLE "investment" ADD COLUMN "maturity_instruction" text DEFAULT 'payout' NOT NULL;--> statement-breakpoint
ALTER TABLE "investment" ADD COLUMN "rolled_over_from" text;--> statement-breakpoint
ALTER TABLE "investment" ADD COLUMN "rollover_refusal" text;--> statement-breakpoint
ALTER TABLE "investment" ADD COLUMN "early_withdrawal_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "investment" ADD COLUMN "early_withdrawal_fee_basis_points" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "investment" ADD COLUMN "early_withdrawal_fee_cents" bigint;--> statement-breakpoint
ALTER TABLE "plan" ADD COLUMN "early_withdrawal_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plan" ADD COLUMN "early_withdrawal_fee_basis_points" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "investment_rolled_over_from_idx" ON "investment" USING btree ("rolled_over_from");--> statement-breakpoint
ALTER TABLE "investment" ADD CONSTRAINT "investment_maturity_instruction" CHECK ("investment"."maturity_instruction" in ('payout', 'rollover_principal', 'rollover_all'));--> statement-breakpoint
ALTER TABLE "investment" ADD CONSTRAINT "investment_status" CHECK ("investment"."status" in ('active', 'matured', 'rolled_over', 'withdrawn_early'));--> statement-breakpoint
ALTER TABLE "plan" ADD CONSTRAINT "plan_early_withdrawal_fee_range" CHECK ("plan"."early_withdrawal_fee_basis_points" between 0 and 10000);--> statement-breakpoint
-- An account's kind, owner, id and whether it keeps a balance are checked once, when it is created
-- (decision 0019): a CHECK constraint would be evaluated again on every balance update.
CREATE OR REPLACE FUNCTION ledger_account_checked() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.kind IN ('available', 'invested', 'payout_hold') THEN
    IF NEW.user_id IS NULL OR NEW.id <> 'u:' || NEW.user_id || ':' || NEW.kind OR NEW.balance_cents IS NULL THEN
      RAISE EXCEPTION 'a % account is u:<user>:% and keeps a balance', NEW.kind, NEW.kind USING ERRCODE = 'TV002';
    END IF;
  ELSIF NEW.kind IN ('deposits', 'interest', 'payouts', 'fees') THEN
    IF NEW.user_id IS NOT NULL OR NEW.id <> 'p:' || NEW.kind OR NEW.balance_cents IS NOT NULL THEN
      RAISE EXCEPTION 'the % account is p:% and keeps no balance', NEW.kind, NEW.kind USING ERRCODE = 'TV002';
    END IF;
  ELSE
    RAISE EXCEPTION 'unknown ledger account kind %', NEW.kind USING ERRCODE = 'TV002';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
INSERT INTO "ledger_account" ("id", "user_id", "kind", "balance_cents") VALUES ('p:fees', NULL, 'fees', NULL) ON CONFLICT DO NOTHING;
