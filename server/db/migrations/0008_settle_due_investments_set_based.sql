-- Set-based settlement: the same effect as calling post_journal once per investment (migration
-- 0006), in a handful of statements per batch instead of several per investment, and without
-- temporary tables (whose catalog churn slows long runs). Every journal still has its own key
-- maturity:<id> (so nothing is paid twice), its postings sum to zero, the accounts are locked in
-- id order, and no user account may go below zero (TV001).
-- p_after_* is the last (matures_at, id) a run has already claimed: a run walks the queue forward
-- instead of rescanning the rows it has just settled.
DROP FUNCTION IF EXISTS settle_due_investments(timestamptz, integer, text);--> statement-breakpoint
CREATE FUNCTION settle_due_investments(
  p_now timestamptz,
  p_limit integer,
  p_user_id text DEFAULT NULL,
  p_after_matures_at timestamptz DEFAULT NULL,
  p_after_id text DEFAULT NULL
)
RETURNS TABLE (out_investment_id text, out_user_id text, out_plan_name text, out_principal_cents bigint, out_profit_cents bigint, out_matures_at timestamptz)
LANGUAGE plpgsql
AS $$
DECLARE
  v_ids text[];
  v_users text[];
  v_plans text[];
  v_principal bigint[];
  v_profit bigint[];
  v_matures timestamptz[];
  v_journals text[];
  v_short text;
BEGIN
  SELECT array_agg(c.id ORDER BY c.ord), array_agg(c.user_id ORDER BY c.ord), array_agg(c.plan_name ORDER BY c.ord),
         array_agg(c.principal_cents ORDER BY c.ord), array_agg(c.profit_cents ORDER BY c.ord), array_agg(c.matures_at ORDER BY c.ord)
  INTO v_ids, v_users, v_plans, v_principal, v_profit, v_matures
  FROM (
    SELECT i.id, i.user_id, i.plan_name, i.principal_cents, i.profit_cents, i.matures_at, row_number() OVER () AS ord
    FROM (
      SELECT i.id, i.user_id, i.plan_name, i.principal_cents, i.profit_cents, i.matures_at
      FROM investment i
      WHERE i.status = 'active' AND i.matures_at <= p_now AND (p_user_id IS NULL OR i.user_id = p_user_id)
        AND (p_after_matures_at IS NULL OR (i.matures_at, i.id) > (p_after_matures_at, p_after_id))
      ORDER BY i.matures_at, i.id
      LIMIT p_limit
      FOR UPDATE SKIP LOCKED
    ) i
  ) c;
  IF v_ids IS NULL THEN
    RETURN;
  END IF;

  -- Claim each journal key. A key posted before (impossible while the row lock holds; kept as a
  -- guard) yields no journal, and that investment is only marked matured.
  WITH created AS (
    INSERT INTO journal (id, idempotency_key, kind, user_id, reference)
    SELECT gen_random_uuid()::text, 'maturity:' || t.inv, 'maturity', t.uid, t.plan
    FROM unnest(v_ids, v_users, v_plans) AS t(inv, uid, plan)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  )
  SELECT array_agg(c.id ORDER BY t.ord) INTO v_journals
  FROM unnest(v_ids) WITH ORDINALITY AS t(inv, ord)
  LEFT JOIN created c ON c.idempotency_key = 'maturity:' || t.inv;

  INSERT INTO ledger_account (id, user_id, kind)
  SELECT DISTINCT 'u:' || u || ':' || k, u, k FROM unnest(v_users) AS u, unnest(ARRAY['invested', 'available']) AS k
  UNION ALL SELECT 'p:interest', NULL, 'interest'
  ON CONFLICT (id) DO NOTHING;

  PERFORM 1 FROM ledger_account
  WHERE id IN (SELECT 'u:' || u || ':' || k FROM unnest(v_users) AS u, unnest(ARRAY['invested', 'available']) AS k) OR id = 'p:interest'
  ORDER BY id FOR UPDATE;

  WITH legs AS (
    SELECT t.journal, 'u:' || t.uid || ':invested' AS account_id, -t.principal AS amount
    FROM unnest(v_journals, v_users, v_principal, v_profit) AS t(journal, uid, principal, profit) WHERE t.journal IS NOT NULL
    UNION ALL
    SELECT t.journal, 'u:' || t.uid || ':available', t.principal + t.profit
    FROM unnest(v_journals, v_users, v_principal, v_profit) AS t(journal, uid, principal, profit) WHERE t.journal IS NOT NULL
    UNION ALL
    SELECT t.journal, 'p:interest', -t.profit
    FROM unnest(v_journals, v_users, v_principal, v_profit) AS t(journal, uid, principal, profit) WHERE t.journal IS NOT NULL AND t.profit > 0
  ),
  posted AS (
    INSERT INTO posting (journal_id, account_id, amount_cents) SELECT journal, account_id, amount FROM legs RETURNING account_id, amount_cents
  )
  SELECT a.id INTO v_short
  FROM ledger_account a
  JOIN (SELECT account_id, sum(amount_cents) AS delta FROM posted GROUP BY account_id) d ON d.account_id = a.id
  WHERE a.user_id IS NOT NULL AND a.balance_cents + d.delta < 0
  LIMIT 1;
  IF v_short IS NOT NULL THEN
    RAISE EXCEPTION 'insufficient funds in %', v_short USING ERRCODE = 'TV001';
  END IF;

  UPDATE ledger_account a SET balance_cents = a.balance_cents + d.delta
  FROM (
    SELECT p.account_id, sum(p.amount_cents) AS delta
    FROM posting p
    WHERE p.journal_id = ANY (v_journals)
    GROUP BY p.account_id
  ) d
  WHERE a.id = d.account_id;

  -- An already-posted key links the journal that paid it, as post_journal's replay would.
  UPDATE investment i
  SET status = 'matured', settled_at = p_now,
      settle_journal_id = coalesce(t.journal, (SELECT j.id FROM journal j WHERE j.idempotency_key = 'maturity:' || t.inv))
  FROM unnest(v_ids, v_journals) AS t(inv, journal)
  WHERE i.id = t.inv;

  RETURN QUERY
  SELECT t.inv, t.uid, t.plan, t.principal, t.profit, t.matures
  FROM unnest(v_ids, v_users, v_plans, v_principal, v_profit, v_journals, v_matures) AS t(inv, uid, plan, principal, profit, journal, matures)
  WHERE t.journal IS NOT NULL;
END;
$$;
