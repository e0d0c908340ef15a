-- A transfer's row is written before its journal, so that post_journal, which locks both users'
-- balances, is the last statement before COMMIT and the locks are held for one round trip
-- (decision 0029). The reference to the journal is still checked, at COMMIT.
ALTER TABLE "transfer" ALTER CONSTRAINT "transfer_journal_id_journal_id_fk" DEFERRABLE INITIALLY DEFERRED;
