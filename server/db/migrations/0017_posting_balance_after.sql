-- Each posting on a user account records the balance right after it (the history's "balance
-- after"). From now on post_journal and settle_due_investments write it under the row lock that
-- moves the balance (server/db/sql/functions/). Postings made before this migration get the running
-- sum of their account in journal order: journal ids are time-ordered, so that is the order the
-- journals were made in; two journals on one account within the same millisecond may have
-- committed the other way round, which only those older rows can show.
ALTER TABLE "posting" ADD COLUMN "balance_after_cents" bigint;--> statement-breakpoint
CREATE INDEX "transfer_journal_id_idx" ON "transfer" USING btree ("journal_id");--> statement-breakpoint
-- The ledger is append-only (trigger posting_append_only); this one-time fill is the exception.
ALTER TABLE "posting" DISABLE TRIGGER "posting_append_only";--> statement-breakpoint
UPDATE "posting" p SET "balance_after_cents" = r.after
FROM (
  SELECT q.account_id, q.journal_id,
         sum(q.amount_cents) OVER (PARTITION BY q.account_id ORDER BY q.journal_id COLLATE "C") AS after
  FROM "posting" q
  JOIN "ledger_account" a ON a.id = q.account_id AND a.balance_cents IS NOT NULL
) r
WHERE p.account_id = r.account_id AND p.journal_id = r.journal_id;--> statement-breakpoint
ALTER TABLE "posting" ENABLE TRIGGER "posting_append_only";
