-- Issue 35: why a deposit was credited with another amount than declared (the investor sees it),
-- and the payout a withdrawal's hold journal belongs to, so the history can call it pending while
-- it waits. On a large payout table, build the index CONCURRENTLY beforehand.
ALTER TABLE "deposit" ADD COLUMN "credit_note" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payout_hold_journal_id_idx" ON "payout" USING btree ("hold_journal_id");