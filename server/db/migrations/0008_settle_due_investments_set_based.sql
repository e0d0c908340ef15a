-- Set-based settlement: the same effect as calling post_journal once per investment (migration
-- 0006), in a handful of statements per batch instead of several per investment. Every journal
-- still has its own key maturity:<id> (so nothing is paid twice), its postings sum to zero, the
-- accounts are locked in id order, and no user account may go below zero (TV001).
CREATE OR REPLACE FUNCTION settle_due_investments(p_now timestamptz, p_limit integer, p_user_id text DEFAULT NULL)
RETURNS TABLE (out_investment_id text, out_user_id text, out_plan_name text, out_principal_cents bigint, out_profit_cents bigint)
LANGUAGE plpgsql
AS $$
DECLARE
  v_short text;
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS settle_batch (
    investment_id text PRIMARY KEY, user_id text, plan_name text, principal bigint, profit bigint, journal_id text
  ) ON COMMIT DROP;
  TRUNCATE settle_batch;

  INSERT INTO settle_batch (investment_id, user_id, plan_name, principal, profit)
  SELECT i.id, i.user_id, i.plan_name, i.principal_cents, i.profit_cents
  FROM investment i
  WHERE i.status = 'active' AND i.matures_at <= p_now AND (p_user_id IS NULL OR i.user_id = p_user_id)
  ORDER BY i.matures_at, i.id
  LIMIT p_limit
  FOR UPDATE SKIP LOCKED;

  -- Claim each journal key; a key posted before (impossible while the row lock holds, kept as a
  -- guard) leaves journal_id empty and that investment is only marked matured below.
  WITH created AS (
    INSERT INTO journal (id, idempotency_key, kind, user_id, reference)
    SELECT gen_random_uuid()::text, 'maturity:' || b.investment_id, 'maturity', b.user_id, b.plan_name FROM settle_batch b
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  )
  UPDATE settle_batch b SET journal_id = c.id FROM created c WHERE c.idempotency_key = 'maturity:' || b.investment_id;

  CREATE TEMP TABLE IF NOT EXISTS settle_postings (journal_id text, account_id text, owner text, kind text, amount bigint) ON COMMIT DROP;
  TRUNCATE settle_postings;
  INSERT INTO settle_postings
  SELECT b.journal_id, 'u:' || b.user_id || ':invested', b.user_id, 'invested', -b.principal FROM settle_batch b WHERE b.journal_id IS NOT NULL
  UNION ALL
  SELECT b.journal_id, 'u:' || b.user_id || ':available', b.user_id, 'available', b.principal + b.profit FROM settle_batch b WHERE b.journal_id IS NOT NULL
  UNION ALL
  SELECT b.journal_id, 'p:interest', NULL, 'interest', -b.profit FROM settle_batch b WHERE b.journal_id IS NOT NULL AND b.profit > 0;

  INSERT INTO ledger_account (id, user_id, kind)
  SELECT DISTINCT account_id, owner, kind FROM settle_postings
  ON CONFLICT (id) DO NOTHING;

  PERFORM 1 FROM ledger_account WHERE id IN (SELECT DISTINCT account_id FROM settle_postings) ORDER BY id FOR UPDATE;

  SELECT a.id INTO v_short
  FROM ledger_account a
  JOIN (SELECT account_id, sum(amount) AS delta FROM settle_postings GROUP BY account_id) d ON d.account_id = a.id
  WHERE a.user_id IS NOT NULL AND a.balance_cents + d.delta < 0
  LIMIT 1;
  IF v_short IS NOT NULL THEN
    RAISE EXCEPTION 'insufficient funds in %', v_short USING ERRCODE = 'TV001';
  END IF;

  UPDATE ledger_account a SET balance_cents = a.balance_cents + d.delta
  FROM (SELECT account_id, sum(amount) AS delta FROM settle_postings GROUP BY account_id) d
  WHERE a.id = d.account_id;

  INSERT INTO posting (journal_id, account_id, amount_cents) SELECT journal_id, account_id, amount FROM settle_postings;

  UPDATE investment i SET status = 'matured', settle_journal_id = b.journal_id, settled_at = p_now
  FROM settle_batch b WHERE i.id = b.investment_id;

  RETURN QUERY SELECT b.investment_id, b.user_id, b.plan_name, b.principal, b.profit FROM settle_batch b WHERE b.journal_id IS NOT NULL;
END;
$$;
