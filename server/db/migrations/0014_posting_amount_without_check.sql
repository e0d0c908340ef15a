-- Decision 0021. Only post_journal and settle_due_investments write postings, and neither writes a
-- zero amount; verifyLedger() reports one. As a CHECK, the rule was parsed again for every journal.
ALTER TABLE "posting" DROP CONSTRAINT "posting_not_zero";