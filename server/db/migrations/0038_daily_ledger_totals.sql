-- Decision 0065. The rows are derived from the postings: they are emptied so the columns can be
-- NOT NULL, and the daily-figures job writes every day of the series again on its next run.
DELETE FROM "daily_figures";--> statement-breakpoint
ALTER TABLE "daily_figures" ADD COLUMN "available_cents" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_figures" ADD COLUMN "invested_cents" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_figures" ADD COLUMN "payout_hold_cents" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_figures" ADD COLUMN "deposits_account_cents" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_figures" ADD COLUMN "interest_account_cents" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_figures" ADD COLUMN "payouts_account_cents" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_figures" ADD COLUMN "fees_account_cents" bigint NOT NULL;