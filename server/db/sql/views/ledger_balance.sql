-- Every account's balance: kept on the row for a user's account, the sum of its postings for a
-- platform account, which keeps none so that no journal waits on a platform row (decision 0019).
CREATE OR REPLACE VIEW ledger_balance AS
SELECT a.id, a.user_id, a.kind,
       coalesce(a.balance_cents, (SELECT coalesce(sum(p.amount_cents), 0) FROM posting p WHERE p.account_id = a.id))::bigint AS balance_cents
FROM ledger_account a;
